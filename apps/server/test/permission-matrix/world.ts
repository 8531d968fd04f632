import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_ROLES,
  defaultRole,
  PERMISSIONS,
  type Permission,
  ROLE_NAMES,
  type RoleName,
} from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { sessions, users } from '@/db/schema';
import type { CompanyRow, UserRow } from '@/db/types';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, rootCompany } from '@test/factories';
import { createOutbox } from '@test/outbox';
import { loginAs, type TestSession } from '@test/session';
import { createFresh, type Fresh } from './fresh';
import { matrixCredits, type ZoneCredits } from './routes/credits';
import { matrixRefusedIdentity } from './routes/auth-devices';
import { matrixDevice } from './routes/devices';
import { matrixRule } from './routes/remote-access';
import { matrixReports, type ZoneReports } from './routes/reports';
import { matrixWireless } from './routes/wireless';
import { matrixVpn, type ZoneVpn } from './routes/vpn-world';

/**
 * Where a target lives, seen from the actor: A itself, its subsidiary A1, or the unrelated company
 * B for an actor of A; A for an actor of A1 (`parent`: a subsidiary never sees up its tree, spec
 * §6). B1, B's subsidiary, only feeds the list checks.
 */
export type Where = 'own' | 'child' | 'parent' | 'foreign';
export const TARGETS: readonly Where[] = ['own', 'child', 'parent', 'foreign'];
export type ZoneName = Exclude<Where, 'parent'> | 'foreignChild';

/**
 * Every row of a zone carries its marker in a name or address, so "nothing of B leaked" is a
 * text search for B's marker in the answer. Markers are not hex, so ids and tokens never match.
 */
export const MARKERS: Readonly<Record<ZoneName, string>> = {
  own: 'ownco',
  child: 'kidco',
  foreign: 'farco',
  foreignChild: 'farkid',
};

/** The six default roles, and a custom role of A granting everything but subsidiaries. */
export type ActorName = RoleName | 'own_only';
export const ACTOR_NAMES: readonly ActorName[] = [...ROLE_NAMES, 'own_only'];

/** What the own_only role grants: a manager of A who must still see only A. */
export const OWN_ONLY_PERMISSIONS: readonly Permission[] = PERMISSIONS.filter(
  (p) => p !== 'super_admin' && p !== 'access_child_companies',
);

/**
 * The roles that also have a user in A1, to probe A as their parent. Not the super admin: it
 * reaches every company wherever it sits, so its parent probe would be its foreign one. Not
 * own_only: a custom role of A.
 */
export type ParentProber = Exclude<RoleName, 'super_admin'>;
export const PARENT_PROBERS: readonly ParentProber[] = ROLE_NAMES.filter(
  (name): name is ParentProber => name !== 'super_admin',
);
export const probesParent = (actor: ActorName): actor is ParentProber =>
  (PARENT_PROBERS as readonly ActorName[]).includes(actor);

export const permissionsOf = (actor: ActorName): readonly Permission[] =>
  actor === 'own_only'
    ? OWN_ONLY_PERMISSIONS
    : (DEFAULT_ROLES.find((role) => role.name === actor)?.permissions ?? []);

export interface Actor {
  name: ActorName;
  user: UserRow & { password: string };
  session: TestSession;
  /** The own_only custom role: the only role such an actor may hand out. */
  customRoleId: number | null;
}

/**
 * The standing rows of one company, read by the read routes and the list checks (its user also
 * owns a webhook, which nobody else may list).
 */
export interface Zone {
  marker: string;
  company: CompanyRow;
  user: UserRow;
  tagId: number;
  roleId: number;
  invitationId: number;
  emailConfigurationId: number;
  credits: ZoneCredits;
  reports: ZoneReports;
  /** Its VPN hub and clients, made once the super admin is signed in. */
  vpn: ZoneVpn | null;
}

export interface World {
  t: TestApp;
  zones: Record<ZoneName, Zone>;
  actors: Record<ActorName, Actor>;
  /** The users of A1 that probe A as their parent. */
  childActors: Record<ParentProber, Actor>;
  fresh: Fresh;
}

/** The zone a target of `where` lives in: a parent target is A, seen from A1. */
export const zoneOf = (world: World, where: Where): Zone =>
  world.zones[where === 'parent' ? 'own' : where];

/** The zone of the actor's own company: A1 for the actor probing its parent, else A. */
export const homeOf = (world: World, where: Where): Zone =>
  world.zones[where === 'parent' ? 'child' : 'own'];

/** Who asks for a target of `where`: the role's user of A, or of A1 for a parent target. */
export const actorFor = (world: World, actor: ActorName, where: Where): Actor => {
  if (where !== 'parent') return world.actors[actor];
  if (!probesParent(actor)) throw new Error(`${actor} probes no parent`);
  return world.childActors[actor];
};

type GiveCredits = (company: CompanyRow, marker: string) => Promise<ZoneCredits>;

const buildZone = async (
  fresh: Fresh,
  company: CompanyRow,
  giveCredits: GiveCredits,
  db: Database,
): Promise<Zone> => {
  const user = await fresh.user(company);
  const zone = {
    marker: fresh.markerOf(company),
    company,
    user,
    tagId: await fresh.tag(company),
    roleId: await fresh.role(company, ['view_tags']),
    invitationId: await fresh.invitation(company, defaultRole('end_user').id),
    emailConfigurationId: await fresh.emailConfiguration(company),
    credits: await giveCredits(company, fresh.markerOf(company)),
    reports: await matrixReports(db, company, user, fresh.markerOf(company)),
    vpn: null,
  };
  await fresh.webhook(user);
  await fresh.listTrail(company, user);
  return zone;
};

/**
 * Root (the seeded super admin), A (level 2) with A1, B with B1; one user of every default role
 * in A, plus the own_only user, and one of every parent prober in A1; each logged in once,
 * password confirmed, session reused. The actors sign in before the zones are filled: the super
 * admin gives each zone its credits.
 */
export const buildWorld = async (): Promise<World> => {
  const t = await buildTestApp(
    // A data folder of its own: the file routes read and write uploads there.
    { webhookAllowPrivateNetworks: true, dataDir: mkdtempSync(join(tmpdir(), 'nf-matrix-')) },
    { mailTransport: createOutbox().transport },
  );
  const root = await rootCompany(t.db);
  const a = await createCompany(t.db, { name: `Company ${MARKERS.own}` });
  const a1 = await createCompany(t.db, { parent: a, name: `Company ${MARKERS.child}` });
  const b = await createCompany(t.db, { name: `Company ${MARKERS.foreign}` });
  const b1 = await createCompany(t.db, { parent: b, name: `Company ${MARKERS.foreignChild}` });
  const fresh = createFresh(
    t.db,
    new Map([
      // The super admin's own rows (its webhooks) are of no zone.
      [root.id, 'rootco'],
      [a.id, MARKERS.own],
      [a1.id, MARKERS.child],
      [b.id, MARKERS.foreign],
      [b1.id, MARKERS.foreignChild],
    ]),
  );

  const ownOnlyRoleId = await fresh.role(a, OWN_ONLY_PERMISSIONS);
  const actorUser = async (name: ActorName, company: CompanyRow) => {
    if (name === 'super_admin') {
      const [row] = await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
      if (!row) throw new Error('the seed created no super admin');
      return { ...row, password: ADMIN_PASSWORD };
    }
    const role = name === 'own_only' ? 'end_user' : name;
    const user = await fresh.user(company, { role, prefix: name });
    if (name !== 'own_only') return user;
    await t.db.update(users).set({ roleId: ownOnlyRoleId }).where(eq(users.id, user.id));
    return { ...user, roleId: ownOnlyRoleId };
  };

  const signIn = async <N extends ActorName>(name: N, company: CompanyRow): Promise<[N, Actor]> => {
    const user = await actorUser(name, company);
    const session = await loginAs(t.app, user);
    // The sensitive routes answer 423 without a confirmed password; the matrix is about
    // permissions and scope. Stored as POST /api/password-confirmation stores it, sparing a
    // second argon2 check per actor (a dozen actors sign in for every matrix file).
    await t.db
      .update(sessions)
      .set({ passwordConfirmedAt: new Date() })
      .where(eq(sessions.userId, user.id));
    return [
      name,
      { name, user, session, customRoleId: name === 'own_only' ? ownOnlyRoleId : null },
    ];
  };
  // Logins verify passwords (argon2, off the main thread): run them side by side.
  const [entries, childEntries] = await Promise.all([
    Promise.all(ACTOR_NAMES.map((name) => signIn(name, a))),
    Promise.all(PARENT_PROBERS.map((name) => signIn(name, a1))),
  ]);
  const actors = Object.fromEntries(entries) as Record<ActorName, Actor>;
  const childActors = Object.fromEntries(childEntries) as Record<ParentProber, Actor>;

  // Credits are made as the API makes them (the ledger adds up): by the super admin, signed in.
  const giveCredits = await matrixCredits(t.db, t.app, actors.super_admin.session, root);
  const zones: Record<ZoneName, Zone> = {
    own: await buildZone(fresh, a, giveCredits, t.db),
    child: await buildZone(fresh, a1, giveCredits, t.db),
    foreign: await buildZone(fresh, b, giveCredits, t.db),
    foreignChild: await buildZone(fresh, b1, giveCredits, t.db),
  };
  for (const zone of Object.values(zones)) {
    const deviceId = await matrixDevice(t.db, zone.company, zone.marker);
    await matrixWireless(t.db, deviceId, zone.marker);
    await matrixRule(t.db, { id: deviceId, companyId: zone.company.id }, zone.marker);
    const admin = { app: t.app, session: actors.super_admin.session };
    zone.vpn = await matrixVpn(admin, t.db, zone.company, zone.marker);
    await matrixRefusedIdentity(t.db, zone.company, zone.marker);
  }
  return { t, zones, actors, childActors, fresh };
};
