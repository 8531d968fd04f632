import { ROLE_NAMES, type RoleName, TOKEN_SCOPE_NAMES, type TokenScope } from '@netfleet/contracts';
import { sql } from 'drizzle-orm';
import type { TestApp } from '@test/app';
import { createCompany, createUser, rootCompany } from '@test/factories';
import { confirmPassword, loginAs } from '@test/session';

/** Who sends a case: a signed-in user of each default role, a token of each scope, or nobody. */
export interface Principal {
  name: string;
  headers: Record<string, string>;
  /** The user whose rows (account, sessions, tokens, company, role) must stay as they were. */
  userId: number | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * A fuzz case may log a principal out, revoke its token, disable, demote or delete its user, or
 * start an impersonation. Before each case the principals' rows are compared with what they were
 * when built; a principal whose rows changed is built again (a new user, session and tokens), so
 * every case reaches the route as the principal it names.
 */
export const createPrincipals = async (t: TestApp) => {
  const roles = new Map<RoleName, Principal>();
  const tokens = new Map<TokenScope, Principal>();
  const anonymous: Principal = { name: 'anonymous', headers: {}, userId: null };
  const guards = new Map<number, string>();
  let rebuilds = 0;

  const guardOf = async (userIds: number[]): Promise<Map<number, string>> => {
    const result = await t.db.execute(sql`
      select u.id, md5(
        (to_jsonb(u) - 'updated_at')::text
        || coalesce((select string_agg((to_jsonb(s) - 'last_seen_at')::text, ',' order by s.id)
                     from sessions s where s.user_id = u.id), '')
        || coalesce((select string_agg((to_jsonb(p) - 'last_used_at')::text, ',' order by p.id)
                     from personal_access_tokens p where p.user_id = u.id), '')
        || coalesce((select (to_jsonb(c) - 'updated_at')::text from companies c
                     where c.id = u.company_id), '')
      ) as guard
      from users u where u.id in (${sql.join(userIds, sql`, `)})`);
    return new Map(rowsOf<{ id: number; guard: string }>(result).map((r) => [r.id, r.guard]));
  };

  const buildRole = async (role: RoleName) => {
    const company = role === 'super_admin' ? await rootCompany(t.db) : await createCompany(t.db);
    const user = await createUser(t.db, role, { company });
    const session = await loginAs(t.app, user);
    // Sensitive routes answer 423 without a recent confirmation; the fuzz is about their input.
    await confirmPassword(t.app, session, user.password);
    roles.set(role, { name: role, headers: session.headers, userId: user.id });
  };

  /**
   * Tokens belong to a super admin of their own (whose session no case uses, so impersonating
   * or logging out as the super admin leaves them be): each lends its scope's share of everything.
   */
  const buildTokens = async () => {
    const owner = await createUser(t.db, 'super_admin', { company: await rootCompany(t.db) });
    const session = await loginAs(t.app, owner);
    await confirmPassword(t.app, session, owner.password);
    tokenOwner = owner.id;
    for (const scope of TOKEN_SCOPE_NAMES) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/tokens',
        headers: session.headers,
        payload: { name: `fuzz ${scope}`, scopes: [scope] },
      });
      if (response.statusCode !== 201) throw new Error(`token ${scope}: ${response.body}`);
      const secret = (response.json() as { data: { token: string } }).data.token;
      tokens.set(scope, {
        name: `token ${scope}`,
        headers: { authorization: `Bearer ${secret}` },
        userId: owner.id,
      });
    }
  };

  let tokenOwner = 0;
  const remember = async () => {
    const ids = [...roles.values()].map((p) => p.userId as number);
    guards.clear();
    for (const [id, guard] of await guardOf([...ids, tokenOwner])) guards.set(id, guard);
  };

  for (const role of ROLE_NAMES) await buildRole(role);
  await buildTokens();
  await remember();

  return {
    all: (): Principal[] => [...roles.values(), ...tokens.values(), anonymous],
    superAdmin: (): Principal => roles.get('super_admin') as Principal,
    /** How many times a principal had to be built again (reported, not asserted). */
    rebuilds: () => rebuilds,
    /** Builds again every principal whose rows a case changed; true when one was. */
    async restore(): Promise<boolean> {
      const now = await guardOf([...guards.keys()]);
      const intact = (id: number) => now.get(id) === guards.get(id);
      const broken = [...roles.entries()].filter(([, p]) => !intact(p.userId as number));
      for (const [role] of broken) await buildRole(role);
      const tokensBroken = !intact(tokenOwner);
      if (tokensBroken) await buildTokens();
      if (broken.length === 0 && !tokensBroken) return false;
      rebuilds += broken.length + (tokensBroken ? 1 : 0);
      await remember();
      return true;
    },
  };
};

export type Principals = Awaited<ReturnType<typeof createPrincipals>>;
