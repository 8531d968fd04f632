import { ERROR_CODES } from '@netfleet/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AreaTable, type MatrixRow, parseRoute, rowsOf } from './matrix';
import { buildWorld, type World } from './world';

const errorCodes = (body: string): string[] => {
  const parsed = JSON.parse(body) as { errors?: { code: string }[] };
  return (parsed.errors ?? []).map((error) => error.code);
};

/**
 * Runs every row of `table` against one world: the status, the error code, that a target out of
 * reach leaks no name of its zone, and that a refused request changed nothing.
 */
export const runMatrix = (table: AreaTable) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });
  afterAll(() => world.t.close());

  it.each(rowsOf(table))(
    '$route as $actor, target $where: $status',
    async ({ route, actor, where, status, hidden }: MatrixRow) => {
      const spec = table[route];
      if (!spec) throw new Error(`no spec for ${route}`);
      const { method, matches } = parseRoute(route);
      const context = { world, actor: world.actors[actor], where, zone: world.zones[where] };
      const probe = await spec.build(context);
      expect(matches(probe.url), `${probe.url} is not ${route}`).toBe(true);

      const response = await world.t.app.inject({
        method,
        url: probe.url,
        headers: (probe.session ?? context.actor.session).headers,
        ...(probe.payload ? { payload: probe.payload } : {}),
      });
      expect(response.statusCode, response.body).toBe(status);
      if (status === 403) expect(errorCodes(response.body)).toEqual([ERROR_CODES.FORBIDDEN]);
      if (hidden) {
        if (status === 404) expect(errorCodes(response.body)).toContain(ERROR_CODES.NOT_FOUND);
        expect(response.body.toLowerCase()).not.toContain(context.zone.marker);
      }
      if ((hidden || status === 403) && probe.untouched) {
        expect(await probe.untouched(), 'a refused request changed its target').toBe(true);
      }
    },
  );
};
