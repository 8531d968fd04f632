import { ID_MAX } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  emailConfigurations,
  invitations,
  rolePermissions,
  roles,
  tags,
  users,
} from '@/db/schema';
import type { Method } from './matrix';
import { type ActorName, buildWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await buildWorld();
});
afterAll(() => world.t.close());

interface Request {
  url: string;
  payload: object;
  untouched: () => Promise<boolean>;
}

interface BodyCase {
  route: string;
  /** admin reaches A and A1 but not B; own_only reaches only A. */
  actors: ActorName[];
  /** What the id in the body names: a company or a custom role. */
  refers: 'company' | 'role';
  request: (id: number) => Promise<Request>;
}

const count = async (rows: Promise<unknown[]>) => (await rows).length;
const userRow = async (id: number) =>
  (await world.t.db.select().from(users).where(eq(users.id, id)))[0];

/** Requests naming, by an id in the body, a company or role the actor must not reach. */
const CASES: BodyCase[] = [
  {
    route: 'POST /api/tags',
    actors: ['admin', 'own_only'],
    refers: 'company',
    request: async (id) => {
      const name = world.fresh.label('tag', world.zones.own.company);
      return {
        url: '/api/tags',
        payload: { company_id: id, name },
        untouched: async () =>
          (await count(world.t.db.select().from(tags).where(eq(tags.name, name)))) === 0,
      };
    },
  },
  {
    route: 'POST /api/roles',
    actors: ['admin', 'own_only'],
    refers: 'company',
    request: async (id) => {
      const title = world.fresh.label('Role', world.zones.own.company);
      return {
        url: '/api/roles',
        payload: { title, company_id: id, permission_id: ['view_tags'] },
        untouched: async () =>
          (await count(world.t.db.select().from(roles).where(eq(roles.title, title)))) === 0,
      };
    },
  },
  {
    route: 'POST /api/companies',
    actors: ['admin', 'own_only'],
    refers: 'company',
    request: async (id) => {
      const name = world.fresh.label('Company', world.zones.own.company);
      return {
        url: '/api/companies',
        payload: { name, parent_id: id },
        untouched: async () =>
          (await count(world.t.db.select().from(companies).where(eq(companies.name, name)))) === 0,
      };
    },
  },
  {
    route: 'POST /api/companies/move',
    // own_only has no company it may move (its own is refused), so only the target is probed.
    actors: ['admin'],
    refers: 'company',
    request: async (id) => {
      const source = await world.fresh.company(world.zones.own.company);
      return {
        url: '/api/companies/move',
        payload: { source: source.id, target: id },
        untouched: async () =>
          (await world.t.db.select().from(companies).where(eq(companies.id, source.id)))[0]
            ?.parentId === source.parentId,
      };
    },
  },
  {
    route: 'POST /api/users/move',
    actors: ['admin', 'own_only'],
    refers: 'company',
    request: async (id) => {
      const user = await world.fresh.user(world.zones.own.company);
      return {
        url: '/api/users/move',
        payload: { user_id: [user.id], company_id: id },
        untouched: async () => (await userRow(user.id))?.companyId === user.companyId,
      };
    },
  },
  {
    route: 'POST /api/users/invite',
    actors: ['admin', 'own_only'],
    refers: 'company',
    request: async (id) => {
      const email = world.fresh.address('invitee', world.zones.own.company);
      return {
        url: '/api/users/invite',
        payload: { email, company_id: id, role: 'end_user' },
        untouched: async () =>
          (await count(
            world.t.db.select().from(invitations).where(eq(invitations.email, email)),
          )) === 0,
      };
    },
  },
  {
    route: 'POST /api/email-configurations',
    actors: ['own_only'],
    refers: 'company',
    request: async (id) => {
      const name = world.fresh.label('smtp', world.zones.own.company);
      return {
        url: '/api/email-configurations',
        payload: { company_id: id, name, host: '127.0.0.1', port: 9, email: 'smtp@example.test' },
        untouched: async () =>
          (await count(
            world.t.db.select().from(emailConfigurations).where(eq(emailConfigurations.name, name)),
          )) === 0,
      };
    },
  },
  {
    route: 'POST /api/users/invite',
    actors: ['admin', 'own_only'],
    refers: 'role',
    request: async (id) => {
      const email = world.fresh.address('invitee', world.zones.own.company);
      return {
        url: '/api/users/invite',
        payload: { email, company_id: world.zones.own.company.id, role: id },
        untouched: async () =>
          (await count(
            world.t.db.select().from(invitations).where(eq(invitations.email, email)),
          )) === 0,
      };
    },
  },
  {
    route: 'PUT /api/users/:id/role',
    actors: ['admin', 'own_only'],
    refers: 'role',
    request: async (id) => {
      const user = await world.fresh.user(world.zones.own.company);
      return {
        url: `/api/users/${user.id}/role`,
        payload: { role_id: id },
        untouched: async () => (await userRow(user.id))?.roleId === user.roleId,
      };
    },
  },
  {
    route: 'PUT /api/roles/permissions',
    actors: ['admin', 'own_only'],
    refers: 'role',
    request: async (id) => ({
      url: '/api/roles/permissions',
      payload: { role_id: id, permission_id: ['view_tags', 'view_devices'] },
      untouched: async () =>
        (await count(
          world.t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, id)),
        )) <= 1,
    }),
  },
];

const rows = CASES.flatMap((c) => c.actors.map((actor) => ({ ...c, actor })));

const errorsOf = (body: string) => (JSON.parse(body) as { errors?: unknown[] }).errors;

describe('an id in the body out of reach answers as a missing one', () => {
  it.each(rows)('$route ($refers) as $actor', async ({ route, refers, actor, request }) => {
    const [method] = route.split(' ') as [Method];
    const zone = actor === 'admin' ? world.zones.foreign : world.zones.child;
    const send = async (id: number) => {
      const probe = await request(id);
      const response = await world.t.app.inject({
        method,
        url: probe.url,
        headers: world.actors[actor].session.headers,
        payload: probe.payload,
      });
      return { probe, response };
    };

    const outOfReach = await send(refers === 'company' ? zone.company.id : zone.roleId);
    const missing = await send(ID_MAX);
    expect(outOfReach.response.statusCode, outOfReach.response.body).toBeGreaterThanOrEqual(400);
    expect(outOfReach.response.statusCode).toBe(missing.response.statusCode);
    expect(errorsOf(outOfReach.response.body)).toEqual(errorsOf(missing.response.body));
    expect(outOfReach.response.body.toLowerCase()).not.toContain(zone.marker);
    expect(await outOfReach.probe.untouched(), 'the refused request changed something').toBe(true);
  });
});
