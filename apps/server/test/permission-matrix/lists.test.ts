import { hasPermission } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTS } from './lists';
import { reaches } from './matrix';
import {
  ACTOR_NAMES,
  type ActorName,
  buildWorld,
  permissionsOf,
  type World,
  type ZoneName,
} from './world';

let world: World;
beforeAll(async () => {
  world = await buildWorld();
});
afterAll(() => world.t.close());

const rows = Object.entries(LISTS).flatMap(([url, spec]) =>
  ACTOR_NAMES.filter((actor) => hasPermission(permissionsOf(actor), spec.permission)).map(
    (actor) => ({ url, actor }),
  ),
);

const ZONES: readonly ZoneName[] = ['own', 'child', 'foreign', 'foreignChild'];

/** The zones whose rows the actor must (seen) and must not (unseen) find in a list. */
const zonesFor = (url: string, actor: ActorName) => {
  const spec = LISTS[url];
  if (!spec) throw new Error(`no list spec for ${url}`);
  // B1 is exactly as far out of reach as B.
  const reachable = (zone: ZoneName) =>
    spec.scope === 'company' &&
    reaches('company', actor, zone === 'foreignChild' ? 'foreign' : zone);
  return {
    spec,
    seen: ZONES.filter(reachable),
    unseen: ZONES.filter((zone) => !reachable(zone)),
  };
};

describe('lists never hold rows of companies out of reach', () => {
  it.each(rows)('$url as $actor', async ({ url, actor }) => {
    const { spec, seen, unseen } = zonesFor(url, actor);
    const session = world.actors[actor].session;
    const get = async (query: string) => {
      const response = await world.t.app.inject({
        method: 'GET',
        url: `${url}?${query}`,
        headers: session.headers,
      });
      expect(response.statusCode, `${url}?${query}: ${response.body}`).toBe(200);
      return response.body.toLowerCase();
    };

    // The page holds every row (limit) so the checks see all of them.
    const page = await get(url === '/api/companies/tree' ? '' : 'limit=1000');
    for (const zone of seen)
      expect(page, `${zone} rows missing`).toContain(world.zones[zone].marker);
    for (const zone of unseen)
      expect(page, `${zone} rows leaked`).not.toContain(world.zones[zone].marker);

    if (actor === 'super_admin') return;
    for (const query of spec.probes?.(world) ?? []) {
      expect(await get(query), `${query} leaked`).not.toContain(world.zones.foreign.marker);
    }
  });
});
