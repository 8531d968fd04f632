// What the rolling-upgrade test watches while the instances restart: whether the console answers
// on either instance, whether the devices stay online in the API, and whether the simulated
// devices stay connected.
import { setTimeout as sleep } from 'node:timers/promises';

const CONSOLE_PERIOD_MS = 200;
const DEVICES_PERIOD_MS = 1000;
/** A request not answered in this long counts as the instance being down. */
const ANSWER_LIMIT_MS = 2000;

/** Whether GET `path` answers 200 (the body is read, so the socket is reused). */
const answers = async (url: string, path: string, cookie: string) => {
  try {
    const response = await fetch(`${url}${path}`, {
      headers: { cookie },
      signal: AbortSignal.timeout(ANSWER_LIMIT_MS),
    });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
};

/** Runs `tick` every `periodMs` until stop(), which resolves once the last tick is done. */
const every = (periodMs: number, tick: () => Promise<void>) => {
  let running = true;
  const loop = (async () => {
    while (running) {
      await tick();
      await sleep(periodMs);
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
};

/**
 * Asks every instance for the signed-in user every 200 ms: a moment when none answered is a
 * moment the console was down.
 */
export const watchConsole = (urls: readonly string[], cookie: string) => {
  let polls = 0;
  let down = 0;
  const stop = every(CONSOLE_PERIOD_MS, async () => {
    const up = await Promise.all(urls.map((url) => answers(url, '/api/user', cookie)));
    polls += 1;
    if (!up.some(Boolean)) down += 1;
  });
  return {
    async stop() {
      await stop();
      return { polls, down };
    },
  };
};

/**
 * Every second: how many of the devices the API lists online (from the first instance that
 * answers; none answering is watchConsole's to count), and how many the fleet has connected.
 */
export const watchDevices = (
  urls: readonly string[],
  cookie: string,
  connected: () => number | undefined,
) => {
  const online: number[] = [];
  const fleet: number[] = [];
  const stop = every(DEVICES_PERIOD_MS, async () => {
    const count = connected();
    if (count !== undefined) fleet.push(count);
    for (const url of urls) {
      try {
        const response = await fetch(`${url}/api/devices?limit=1000&fields=id,status`, {
          headers: { cookie },
          signal: AbortSignal.timeout(ANSWER_LIMIT_MS),
        });
        if (response.status !== 200) {
          await response.arrayBuffer();
          continue;
        }
        const body = (await response.json()) as { data: { status: number }[] };
        online.push(body.data.filter((device) => device.status === 1).length);
        return;
      } catch {
        // The next instance.
      }
    }
  });
  return {
    async stop() {
      await stop();
      return { online, fleet };
    },
  };
};
