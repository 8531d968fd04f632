import { ERROR_CODES } from '@netfleet/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AreaTable,
  type CaseContext,
  type MatrixRow,
  parseRoute,
  type Probe,
  rowsOf,
} from './matrix';
import { maskIds, missingProbe } from './missing';
import { actorFor, buildWorld, homeOf, type World, zoneOf } from './world';

const errorCodes = (body: string): string[] => {
  const parsed = JSON.parse(body) as { errors?: { code: string }[] };
  return (parsed.errors ?? []).map((error) => error.code);
};

/** The parts of an answer a caller could tell targets apart by; `ids` masked in the body. */
const seen = (response: LightMyRequestResponse, ids: readonly string[]) => ({
  status: response.statusCode,
  contentType: response.headers['content-type'],
  body: maskIds(response.body, ids),
});

/**
 * Runs every row of `table` against one world: the status, the error code, that a target out of
 * reach leaks no name of its zone, that a refused request changed nothing, and (on the rows
 * markMissing picks) that a foreign or parent row named by path answers like one never made.
 */
export const runMatrix = (table: AreaTable) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });
  afterAll(() => world.t.close());

  const send = (context: CaseContext, method: string, probe: Probe) =>
    world.t.app.inject({
      method: method as 'GET',
      url: probe.url,
      headers: (probe.session ?? context.actor.session).headers,
      ...(probe.payload ? { payload: probe.payload } : {}),
    });

  it.each(rowsOf(table))(
    '$route as $actor, target $where: $status',
    async ({ route, actor, where, status, hidden, missing: compare }: MatrixRow) => {
      const spec = table[route];
      if (!spec) throw new Error(`no spec for ${route}`);
      const { method, matches } = parseRoute(route);
      const context: CaseContext = {
        world,
        actor: actorFor(world, actor, where),
        where,
        zone: zoneOf(world, where),
        home: homeOf(world, where),
      };
      const probe = await spec.build(context);
      expect(matches(probe.url), `${probe.url} is not ${route}`).toBe(true);

      const response = await send(context, method, probe);
      expect(response.statusCode, response.body).toBe(status);
      if (status === 403) expect(errorCodes(response.body)).toEqual([ERROR_CODES.FORBIDDEN]);
      if (hidden) {
        if (status === 404) expect(errorCodes(response.body)).toContain(ERROR_CODES.NOT_FOUND);
        expect(response.body.toLowerCase()).not.toContain(context.zone.marker);
      }
      if ((hidden || status === 403) && probe.untouched) {
        expect(await probe.untouched(), 'a refused request changed its target').toBe(true);
      }
      if (compare) {
        const missing = missingProbe(route, probe);
        const answer = await send(context, method, missing.probe);
        const ids = [missing.id, missing.unused];
        expect(seen(response, ids), `${missing.probe.url} answers otherwise`).toEqual(
          seen(answer, ids),
        );
      }
    },
  );
};
