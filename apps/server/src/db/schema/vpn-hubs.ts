import type {
  HubHost,
  HubStateMessage,
  VpnClientMode,
  VpnClientType,
  VpnDhcpType,
  VpnHubProtocol,
  VpnHubType,
} from '@netfleet/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { companies } from './companies';
import { devices } from './devices';
import { tags } from './tags';
import { users } from './users';

/**
 * A VPN hub: an OpenVPN server netfleet runs on its zone's host. The hub owns a CA; its private
 * keys (CA, server, tls-crypt) are AES-GCM sealed under a key derived from the server secret
 * (lib/crypto.ts), so a database dump alone opens no tunnel. `crl` is rewritten on every
 * revocation. Port and subnet are unique per zone (the port by index, the subnet by the module's
 * overlap check under a per-zone lock).
 */
export const vpnHubs = pgTable(
  'vpn_hubs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    description: text('description').notNull().default(''),
    quickHub: boolean('quick_hub').notNull().default(false),
    vpnType: varchar('vpn_type', { length: 3 }).$type<VpnHubType>().notNull(),
    protocol: varchar('protocol', { length: 3 }).$type<VpnHubProtocol>().notNull(),
    port: integer('port').notNull(),
    network: varchar('network', { length: 15 }).notNull(),
    netmask: varchar('netmask', { length: 15 }).notNull(),
    hubZone: varchar('hub_zone', { length: 64 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** A hub disabled for a while starts again at this instant. */
    disabledUntil: timestamptz('disabled_until'),
    /** Quick hubs: when made. */
    startTime: timestamptz('start_time'),
    /** A hub enabled for a while stops at this instant (then disabled_because_expired). */
    endTime: timestamptz('end_time'),
    disabledBecauseExpired: boolean('disabled_because_expired').notNull().default(false),
    caCert: text('ca_cert').notNull(),
    caKeySealed: text('ca_key_sealed').notNull(),
    serverCert: text('server_cert').notNull(),
    serverKeySealed: text('server_key_sealed').notNull(),
    tlsCryptKeySealed: text('tls_crypt_key_sealed').notNull(),
    crl: text('crl').notNull(),
    /** The next certificate serial of this hub's CA (the CA is 1, the server 2). */
    nextSerial: integer('next_serial').notNull().default(3),
    caExpiresAt: timestamptz('ca_expires_at').notNull(),
    serverCertExpiresAt: timestamptz('server_cert_expires_at').notNull(),
    /** Bytes through the hub both ways, added as the runtime reports sessions. */
    bytesUsed: bigint('bytes_used', { mode: 'number' }).notNull().default(0),
    /**
     * Bumped in the transaction of every change to what the hub's runtime runs (settings,
     * enabling, clients, routes, DHCP, CRL): the instance running the hubs polls it to apply
     * changes made through other instances (hub-reconcile.ts).
     */
    configVersion: integer('config_version').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vpn_hubs_zone_port_unique').on(t.hubZone, t.port),
    uniqueIndex('vpn_hubs_company_id_name_unique').on(t.companyId, sql`lower(${t.name})`),
    index('vpn_hubs_company_id_idx').on(t.companyId, t.id),
  ],
);

export const vpnHubTags = pgTable(
  'vpn_hub_tags',
  {
    hubId: integer('hub_id')
      .notNull()
      .references(() => vpnHubs.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.hubId, t.tagId] }),
    index('vpn_hub_tags_tag_id_idx').on(t.tagId),
  ],
);

/**
 * A hub's client (RMS "hub user"): a device, a console user or a custom user, with a certificate
 * of the hub's CA. Removing a client revokes it: the row stays (`revoked_at`, the CRL lists its
 * serial, the connection log keeps its name); a device or user deleted elsewhere leaves its id
 * null, and the module revokes such rows. One valid certificate per common name and hub.
 */
export const vpnHubUsers = pgTable(
  'vpn_hub_users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    hubId: integer('hub_id')
      .notNull()
      .references(() => vpnHubs.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).$type<VpnClientType>().notNull(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Custom users: the name given. */
    username: varchar('username', { length: 64 }),
    commonName: varchar('common_name', { length: 64 }).notNull(),
    ipMode: varchar('ip_mode', { length: 8 }).$type<VpnClientMode>().notNull().default('dhcp'),
    /** The fixed tunnel address (ip_mode static). */
    ip: varchar('ip', { length: 15 }),
    enabled: boolean('enabled').notNull().default(true),
    /** Devices: firewall forwarding from the tunnel to their LAN / WAN zones. */
    forwardLan: boolean('forward_lan').notNull().default(true),
    forwardWan: boolean('forward_wan').notNull().default(false),
    cert: text('cert').notNull(),
    keySealed: text('key_sealed').notNull(),
    serial: varchar('serial', { length: 40 }).notNull(),
    certExpiresAt: timestamptz('cert_expires_at').notNull(),
    /** Quick connect profiles end here (the sweep revokes them). */
    expiresAt: timestamptz('expires_at'),
    revokedAt: timestamptz('revoked_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vpn_hub_users_hub_common_name_unique')
      .on(t.hubId, t.commonName)
      .where(sql`${t.revokedAt} is null`),
    index('vpn_hub_users_hub_id_idx').on(t.hubId, t.id),
    index('vpn_hub_users_device_id_idx').on(t.deviceId),
    index('vpn_hub_users_user_id_idx').on(t.userId),
    index('vpn_hub_users_expires_at_idx')
      .on(t.expiresAt)
      .where(sql`${t.revokedAt} is null and ${t.expiresAt} is not null`),
  ],
);

/** A LAN behind one device client; the hub pushes it to every client and routes it (iroute). */
export const vpnHubRoutes = pgTable(
  'vpn_hub_routes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    hubId: integer('hub_id')
      .notNull()
      .references(() => vpnHubs.id, { onDelete: 'cascade' }),
    hubUserId: integer('hub_user_id')
      .notNull()
      .references(() => vpnHubUsers.id, { onDelete: 'cascade' }),
    network: varchar('network', { length: 15 }).notNull(),
    netmask: varchar('netmask', { length: 15 }).notNull(),
    name: varchar('name', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('vpn_hub_routes_hub_id_idx').on(t.hubId, t.id),
    index('vpn_hub_routes_hub_user_id_idx').on(t.hubUserId),
  ],
);

/** DHCP options the hub pushes (name and WINS servers). */
export const vpnHubDhcp = pgTable(
  'vpn_hub_dhcp',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    hubId: integer('hub_id')
      .notNull()
      .references(() => vpnHubs.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 4 }).$type<VpnDhcpType>().notNull(),
    ip: varchar('ip', { length: 15 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('vpn_hub_dhcp_hub_type_ip_unique').on(t.hubId, t.type, t.ip)],
);

/**
 * The connection log: one row per session the runtime reported. The byte counters are the
 * session's as last counted into vpn_hub_usage, so each later reading adds only its difference.
 */
export const vpnHubSessions = pgTable(
  'vpn_hub_sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    hubId: integer('hub_id')
      .notNull()
      .references(() => vpnHubs.id, { onDelete: 'cascade' }),
    hubUserId: integer('hub_user_id').references(() => vpnHubUsers.id, { onDelete: 'set null' }),
    commonName: varchar('common_name', { length: 64 }).notNull(),
    realAddress: varchar('real_address', { length: 64 }).notNull(),
    virtualAddress: varchar('virtual_address', { length: 15 }),
    connectedAt: timestamptz('connected_at').notNull(),
    disconnectedAt: timestamptz('disconnected_at'),
    bytesReceived: bigint('bytes_received', { mode: 'number' }).notNull().default(0),
    bytesSent: bigint('bytes_sent', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('vpn_hub_sessions_hub_id_connected_at_idx').on(t.hubId, t.connectedAt),
    index('vpn_hub_sessions_hub_user_id_idx').on(t.hubUserId),
    index('vpn_hub_sessions_open_idx')
      .on(t.hubId, t.commonName)
      .where(sql`${t.disconnectedAt} is null`),
  ],
);

/** Bytes per client and UTC day (hub totals add these up). */
export const vpnHubUsage = pgTable(
  'vpn_hub_usage',
  {
    hubId: integer('hub_id')
      .notNull()
      .references(() => vpnHubs.id, { onDelete: 'cascade' }),
    hubUserId: integer('hub_user_id')
      .notNull()
      .references(() => vpnHubUsers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    bytesReceived: bigint('bytes_received', { mode: 'number' }).notNull().default(0),
    bytesSent: bigint('bytes_sent', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.hubUserId, t.day] }),
    index('vpn_hub_usage_hub_id_day_idx').on(t.hubId, t.day),
  ],
);

/** Every download of a client's profile: by a signed-in user (console) or through its link. */
export const vpnProfileDownloads = pgTable(
  'vpn_profile_downloads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    hubId: integer('hub_id')
      .notNull()
      .references(() => vpnHubs.id, { onDelete: 'cascade' }),
    hubUserId: integer('hub_user_id')
      .notNull()
      .references(() => vpnHubUsers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: varchar('ip', { length: 64 }).notNull(),
    via: varchar('via', { length: 8 }).$type<'console' | 'link'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('vpn_profile_downloads_hub_id_created_at_idx').on(t.hubId, t.createdAt),
    index('vpn_profile_downloads_hub_user_id_idx').on(t.hubUserId),
  ],
);

/**
 * A hub zone hosted by an agent in hub mode (`netfleet-agent --hub`): the zone `local` is the
 * server's own host and has no row. Hubs name their zone (`vpn_hubs.hub_zone`). Ids start at 2:
 * 1 is `local` in GET /vpn/hubs/zones. A deleted device leaves the zone without an agent (its
 * hubs say so) rather than taking the zone and its hubs' addressing with it: bind another device.
 */
export const vpnHubZones = pgTable('vpn_hub_zones', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 2 }),
  name: varchar('name', { length: 32 }).notNull().unique(),
  visualName: varchar('visual_name', { length: 64 }).notNull(),
  deviceId: integer('device_id')
    .unique()
    .references(() => devices.id, { onDelete: 'set null' }),
  /** What clients dial: the `remote` of the zone's hubs' profiles. */
  host: varchar('host', { length: 253 }).notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /** The `hub` of the agent's last hello: whether it can run hubs (null: not in hub mode). */
  hostStatus: jsonb('host_status').$type<HubHost>(),
  hostStatusAt: timestamptz('host_status_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * What the agent of a hub's zone last reported about the hub (`hub` topic): kept in the database
 * so every server instance answers the same status. `reported_at` is the report's own time, so
 * an older report arriving late changes nothing. Local hubs have no row (their supervisor is in
 * the process).
 */
export const vpnHubStates = pgTable('vpn_hub_states', {
  hubId: integer('hub_id')
    .primaryKey()
    .references(() => vpnHubs.id, { onDelete: 'cascade' }),
  state: varchar('state', { length: 16 }).$type<HubStateMessage['state']>().notNull(),
  error: text('error'),
  startedAt: timestamptz('started_at'),
  reportedAt: timestamptz('reported_at'),
  updatedAt: updatedAt(),
});
