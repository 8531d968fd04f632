import { hasPermission, type PermissionRequirement } from '@netfleet/contracts';
import type { TestSession } from '@test/session';
import { namingSegment } from './missing';
import {
  ACTOR_NAMES,
  type Actor,
  type ActorName,
  permissionsOf,
  probesParent,
  TARGETS,
  type Where,
  type World,
  type Zone,
} from './world';

/**
 * How a route is confined:
 * - company: its rows belong to a company (path id, body or e-mail); visible per the company rule
 * - owner: its rows are the caller's own (webhooks); anyone else's answer 404, even to a super admin
 * - global: system-wide rows (notices); no target is anyone's
 * - caller: no target at all (lists, creating for oneself); the answer is about the caller
 */
export type Scope = 'company' | 'owner' | 'global' | 'caller';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One request of one case: the target is in the zone the case names. */
export interface Probe {
  /** The path with its ids (and query), matching the route's URL. */
  url: string;
  payload?: object;
  /** Another session of the actor, when the request would spoil the shared one. */
  session?: TestSession;
  /** Whether the target is as it was: asserted after every refused request. */
  untouched?: () => Promise<boolean>;
}

export interface CaseContext {
  world: World;
  actor: Actor;
  where: Where;
  /** The target's zone. */
  zone: Zone;
  /** The actor's own zone (A, or A1 when probing the parent): a place it may always move to. */
  home: Zone;
}

export interface RouteSpec {
  /** The permission the route must declare (the completeness test compares). */
  permission: PermissionRequirement;
  scope: Scope;
  /** The answer when allowed and visible, per target (own-company answers may be a 4xx). */
  ok: number | Partial<Record<Where, number>>;
  /** The answer for a target out of reach: 404 unless the module answers 422 on a body id. */
  hidden?: number;
  build(context: CaseContext): Promise<Probe>;
}

/** Keyed `METHOD /url` exactly as fastify records the route. */
export type AreaTable = Record<string, RouteSpec>;

export interface MatrixRow {
  route: string;
  actor: ActorName;
  where: Where;
  status: number;
  /** The target is out of the actor's reach: nothing may leak and nothing may change. */
  hidden: boolean;
  /** The answer must equal the one for a row that never existed (missing.ts). */
  missing: boolean;
}

export const scoped = (scope: Scope) => scope === 'company' || scope === 'owner';

/**
 * Whether a caller holding `permissions` reaches a target of `where` (the super admin reaches
 * all; nobody else ever sees up the tree or across it).
 */
export const reachesWith = (
  scope: Scope,
  permissions: readonly string[],
  where: Where,
): boolean => {
  if (where === 'own' || !scoped(scope)) return true;
  if (scope === 'owner') return false;
  if (permissions.includes('super_admin')) return true;
  return where === 'child' && permissions.includes('access_child_companies');
};

export const reaches = (scope: Scope, actor: ActorName, where: Where): boolean =>
  reachesWith(scope, permissionsOf(actor), where);

export const okStatus = (spec: RouteSpec, where: Where): number => {
  if (typeof spec.ok === 'number') return spec.ok;
  const status = spec.ok[where] ?? spec.ok.own;
  if (status === undefined) throw new Error(`no expected answer for ${where}`);
  return status;
};

/**
 * A route's first hidden foreign and first hidden parent case (from the first role, in
 * ACTOR_NAMES order, that it hides them from) is also compared with a row that never existed, when the route names its row
 * by path: the answer's shape does not hang on the role, and one request more per case would
 * cost the matrix half its time again.
 */
const markMissing = (route: string, rows: MatrixRow[]): MatrixRow[] => {
  if (namingSegment(route) < 0) return rows;
  const first = (where: Where) => rows.find((row) => row.hidden && row.where === where);
  const marked = new Set([first('foreign'), first('parent')]);
  return rows.map((row) => (marked.has(row) ? { ...row, missing: true } : row));
};

/**
 * Every case of a table: a role without the permission gets 403 once; a role with it, every
 * target (the parent one only from the roles that have a user in A1). own_only (custom role,
 * everything but subsidiaries) only probes confinement.
 */
export const rowsOf = (table: AreaTable): MatrixRow[] =>
  Object.entries(table).flatMap(([route, spec]) =>
    markMissing(
      route,
      ACTOR_NAMES.flatMap((actor): MatrixRow[] => {
        if (!hasPermission(permissionsOf(actor), spec.permission)) {
          return [{ route, actor, where: 'own', status: 403, hidden: false, missing: false }];
        }
        if (actor === 'own_only' && !scoped(spec.scope)) return [];
        const targets = scoped(spec.scope)
          ? TARGETS.filter((where) => where !== 'parent' || probesParent(actor))
          : (['own'] as const);
        return targets.map((where) => {
          const hidden = !reaches(spec.scope, actor, where);
          const status = hidden ? (spec.hidden ?? 404) : okStatus(spec, where);
          return { route, actor, where, status, hidden, missing: false };
        });
      }),
    ),
  );

/** `PUT /api/tags/:id` → its method and a matcher for concrete paths. */
export const parseRoute = (route: string) => {
  const [method, url] = route.split(' ') as [Method, string];
  const pattern = new RegExp(`^${url.replace(/:\w+/g, '[^/?]+')}(\\?.*)?$`);
  return { method, url, matches: (path: string) => pattern.test(path) };
};
