import { hasPermission } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTS } from './lists';
import { reaches } from './matrix';
import {
  ACTOR_NAMES,
  actorFor,
  type ActorName,
  buildWorld,
  PARENT_PROBERS,
  permissionsOf,
  type World,
  type ZoneName,
} from './world';

let world: World;
beforeAll(async () => {
  world = await buildWorld();
});
afterAll(() => world.t.close());

/** Each list as every role of A, and as every parent prober of A1 (which must not see A). */
const rows = Object.entries(LISTS).flatMap(([url, spec]) => {
  const allowed = (actor: ActorName) => hasPermission(permissionsOf(actor), spec.permission);
  return [
    ...ACTOR_NAMES.filter(allowed).map((actor) => ({ url, actor, company: 'A' as const })),
    ...PARENT_PROBERS.filter(allowed).map((actor) => ({ url, actor, company: 'A1' as const })),
  ];
});
type Company = (typeof rows)[number]['company'];

const ZONES: readonly ZoneName[] = ['own', 'child', 'foreign', 'foreignChild'];

/** The zones whose rows the actor must (seen) and must not (unseen) find in a list. */
const zonesFor = (url: string, actor: ActorName, company: Company) => {
  const spec = LISTS[url];
  if (!spec) throw new Error(`no list spec for ${url}`);
  // B1 is exactly as far out of reach as B; from A1 (which has no subsidiaries) only A1 is.
  const reachable = (zone: ZoneName) =>
    spec.scope === 'company' &&
    (company === 'A1'
      ? zone === 'child'
      : reaches('company', actor, zone === 'foreignChild' ? 'foreign' : zone));
  return {
    spec,
    seen: ZONES.filter(reachable),
    unseen: ZONES.filter((zone) => !reachable(zone)),
  };
};

describe('lists never hold rows of companies out of reach', () => {
  it.each(rows)('$url as $actor of $company', async ({ url, actor, company }) => {
    const { spec, seen, unseen } = zonesFor(url, actor, company);
    const session = (company === 'A1' ? actorFor(world, actor, 'parent') : world.actors[actor])
      .session;
    const get = async (query: string) => {
      const response = await world.t.app.inject({
        method: 'GET',
        url: `${url}?${query}`,
        headers: session.headers,
      });
      expect(response.statusCode, `${url}?${query}: ${response.body}`).toBe(200);
      if (company === 'A') return response.body.toLowerCase();
      // Seen from A1, A may be named as its parent, in the fields that do so and nowhere else.
      const parentName = JSON.stringify(world.zones.own.company.name);
      return (spec.parentNamed ?? [])
        .reduce(
          (body, field) => body.replaceAll(`"${field}":${parentName}`, `"${field}":"(parent)"`),
          response.body,
        )
        .toLowerCase();
    };

    // The page holds every row (limit) so the checks see all of them.
    const page = await get(url === '/api/companies/tree' ? '' : 'limit=1000');
    for (const zone of seen)
      expect(page, `${zone} rows missing`).toContain(world.zones[zone].marker);
    for (const zone of unseen)
      expect(page, `${zone} rows leaked`).not.toContain(world.zones[zone].marker);

    if (actor === 'super_admin') return;
    for (const query of spec.probes?.(world) ?? []) {
      const answer = await get(query);
      for (const zone of unseen)
        expect(answer, `${query} leaked`).not.toContain(world.zones[zone].marker);
    }
  });
});
