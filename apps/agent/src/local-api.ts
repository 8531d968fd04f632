import { filterByQuery, type LocalApi, type LocalApiAnswer } from '@netfleet/contracts';

// The device's local status API as data collection reads it: RutOS's `{success, data}` answers,
// shared by netfleet-agent and the simulator, which differ only in where the data comes from.

/** Per path: the answer's `data`, or null when this device has nothing there (a 404). */
export type LocalApiRoutes = Readonly<Record<string, () => unknown>>;

const failure = (code: number, error: string): LocalApiAnswer => ({
  http_code: code,
  http_body: { success: false, errors: [{ code, error }] },
});

export const NOT_FOUND: LocalApiAnswer = failure(404, 'Not found');

/**
 * Routes a url by its path (the query string only filters list answers, `filterByQuery`). A route
 * that throws answers 500 with why, so one unreadable source fails its endpoint, not the run.
 */
export const localApi =
  (routes: LocalApiRoutes): LocalApi =>
  async (url) => {
    const path = url.split('?')[0] ?? url;
    const route = Object.hasOwn(routes, path) ? routes[path] : undefined;
    if (!route) return NOT_FOUND;
    let data: unknown;
    try {
      data = await route();
    } catch (error) {
      return failure(500, error instanceof Error ? error.message : String(error));
    }
    if (data === null || data === undefined) return NOT_FOUND;
    return { http_code: 200, http_body: filterByQuery({ success: true, data }, url) };
  };
