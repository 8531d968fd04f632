import {
  ERROR_CODES,
  hasPermission,
  TOKEN_SCOPE_NAMES,
  TOKEN_SCOPES,
  type TokenScope,
} from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CaseContext,
  okStatus,
  parseRoute,
  reachesWith,
  type RouteSpec,
  scoped,
} from './matrix';
import { MATRIX } from './tables';
import {
  homeOf,
  permissionsOf,
  TARGETS,
  type Where,
  type World,
  buildWorld,
  zoneOf,
} from './world';

/**
 * Personal access tokens: a token of one scope, held by an administrator or a guest of A, reaches
 * what both its scope and its owner's role allow, no further up or across the tree, and nothing
 * of another scope. A few routes per scope speak for it (the matrix proper covers every route).
 */
const OWNERS = ['admin', 'read_only'] as const;
type Owner = (typeof OWNERS)[number];

const table = Object.fromEntries(Object.values(MATRIX).flatMap((area) => Object.entries(area)));

let world: World;
let confirmed: Set<string>;
const tokens = new Map<string, string>();

beforeAll(async () => {
  world = await buildWorld();
  // A token cannot confirm a password: such routes answer it 423, which says nothing of scopes.
  confirmed = new Set(
    world.t.app.routePermissions
      .filter((r) => r.confirmPassword)
      .map((r) => `${r.method} ${r.url}`),
  );
  for (const owner of OWNERS) {
    for (const scope of TOKEN_SCOPE_NAMES) {
      const created = await world.t.app.inject({
        method: 'POST',
        url: '/api/user/tokens',
        headers: world.actors[owner].session.headers,
        payload: { name: `${owner} ${scope}`, scopes: [scope] },
      });
      expect(created.statusCode, created.body).toBe(201);
      tokens.set(`${owner} ${scope}`, (created.json() as { data: { token: string } }).data.token);
    }
  }
});
afterAll(() => world.t.close());

const lent = (scope: TokenScope): readonly string[] => TOKEN_SCOPES[scope];

/**
 * The routes that speak for a scope, among those it lends that need no password confirmation
 * (reads for a read scope, writes for a write scope): the first confined one that names its row
 * by path (its targets tell whether the token widens the owner's reach), and for a read scope
 * the first other one (a list). Writes that make rows are left out: what they may make (a role's
 * permissions, a file's scope) also hangs on other permissions, which the matrix proper checks.
 */
const representatives = (scope: TokenScope): string[] => {
  const reads = scope.endsWith(':read');
  const candidates = Object.entries(table).filter(
    ([key, spec]) =>
      typeof spec.permission === 'string' &&
      lent(scope).includes(spec.permission) &&
      key.startsWith('GET ') === reads &&
      !confirmed.has(key),
  );
  const byPath = candidates.find(([key, spec]) => key.includes(':') && scoped(spec.scope));
  const other = reads || !byPath ? candidates.find(([key]) => key !== byPath?.[0]) : undefined;
  return [byPath, other].flatMap((entry) => (entry ? [entry[0]] : []));
};

/** What a token answers: 403 without the permission, else the route's answer for its reach. */
const expected = (spec: RouteSpec, permissions: readonly string[], where: Where) => {
  if (!hasPermission(permissions, spec.permission)) return 403;
  return reachesWith(spec.scope, permissions, where) ? okStatus(spec, where) : (spec.hidden ?? 404);
};

const probeAs = async (owner: Owner, scope: TokenScope, route: string, where: Where) => {
  const spec = table[route];
  if (!spec) throw new Error(`no spec for ${route}`);
  const permissions = permissionsOf(owner).filter((p) => lent(scope).includes(p));
  const status = expected(spec, permissions, where);
  const context: CaseContext = {
    world,
    actor: world.actors[owner],
    where,
    zone: zoneOf(world, where),
    home: homeOf(world, where),
  };
  const probe = await spec.build(context);
  expect(probe.session, `${route} needs a session of its own`).toBeUndefined();
  const response = await world.t.app.inject({
    method: parseRoute(route).method,
    url: probe.url,
    headers: { authorization: `Bearer ${tokens.get(`${owner} ${scope}`)}` },
    ...(probe.payload ? { payload: probe.payload } : {}),
  });
  const label = `${owner}'s ${scope} token: ${route}, target ${where}`;
  expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
  if (status === 403) {
    expect((response.json() as { errors: { code: string }[] }).errors[0]?.code).toBe(
      ERROR_CODES.FORBIDDEN,
    );
  }
  if (status === 403 || status === (spec.hidden ?? 404)) {
    if (where !== 'own')
      expect(response.body.toLowerCase(), label).not.toContain(context.zone.marker);
    if (probe.untouched) expect(await probe.untouched(), `${label} changed it`).toBe(true);
  }
  return status;
};

describe('permission matrix: personal access tokens', () => {
  it.each(OWNERS.flatMap((owner) => TOKEN_SCOPE_NAMES.map((scope) => ({ owner, scope }))))(
    "$owner's $scope token reaches what its scope and role allow, and no more",
    async ({ owner, scope }) => {
      const own = representatives(scope);
      expect(own[0], `${scope} lends no route that names a row by path`).toContain(':');
      for (const route of own) {
        const targets = scoped(table[route]?.scope ?? 'caller') ? TARGETS : (['own'] as const);
        for (const where of targets.filter((target) => target !== 'parent')) {
          if ((await probeAs(owner, scope, route, where)) === 403) break;
        }
      }
      // The next scope's routes: lent by that one, refused to this one.
      const index = TOKEN_SCOPE_NAMES.indexOf(scope);
      const next = TOKEN_SCOPE_NAMES[(index + 1) % TOKEN_SCOPE_NAMES.length] ?? scope;
      for (const route of representatives(next)) await probeAs(owner, scope, route, 'own');
    },
  );
});
