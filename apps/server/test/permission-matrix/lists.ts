import type { PermissionRequirement } from '@netfleet/contracts';
import type { World } from './world';

export interface ListSpec {
  permission: PermissionRequirement;
  /** company: rows of the companies the caller sees; owner: only the caller's own rows. */
  scope: 'company' | 'owner';
  /** Queries that name B's rows outright: filters and searches must not reach past the scope. */
  probes?: (world: World) => string[];
  /**
   * Fields that name a row's parent company. A subsidiary's users are told the name of their own
   * company's parent (the console shows it, unlinked: companies-page.tsx), and nothing else of it.
   */
  parentNamed?: readonly string[];
}

const foreignSearch = (world: World) => `q=${world.zones.foreign.marker}`;

/** Every list route (GET without a row id) and how to ask it for B's rows. */
export const LISTS: Readonly<Record<string, ListSpec>> = {
  '/api/companies': {
    permission: 'view_companies',
    scope: 'company',
    parentNamed: ['parent_name'],
    probes: ({ zones }) => [
      `parent_id=${zones.foreign.company.id}`,
      `id=${zones.foreign.company.id}`,
    ],
  },
  '/api/companies/tree': { permission: 'view_companies', scope: 'company' },
  '/api/devices/authorized': {
    permission: 'super_admin',
    scope: 'company',
    probes: (world) => [foreignSearch(world)],
  },
  '/api/tags': {
    permission: 'view_tags',
    scope: 'company',
    probes: (world) => [
      `company_id=${world.zones.foreign.company.id}`,
      `id=${world.zones.foreign.tagId}`,
      foreignSearch(world),
    ],
  },
  '/api/roles': {
    permission: 'view_roles',
    scope: 'company',
    probes: ({ zones }) => [
      `company_id=${zones.foreign.company.id}`,
      `company_id=${zones.foreign.company.id}&inviteable=true`,
      `id=${zones.foreign.roleId}`,
    ],
  },
  '/api/users': {
    permission: 'view_users',
    scope: 'company',
    probes: (world) => [
      `company_id=${world.zones.foreign.company.id}`,
      `id=${world.zones.foreign.user.id}`,
      foreignSearch(world),
    ],
  },
  '/api/users/invitations': {
    permission: 'view_user_invitations',
    scope: 'company',
    probes: (world) => [
      `company_id=${world.zones.foreign.company.id}`,
      `id=${world.zones.foreign.invitationId}`,
      foreignSearch(world),
    ],
  },
  '/api/email-configurations': {
    permission: 'manage_smtp',
    scope: 'company',
    probes: (world) => [
      `company_id=${world.zones.foreign.company.id}`,
      `id=${world.zones.foreign.emailConfigurationId}`,
      foreignSearch(world),
    ],
  },
  '/api/suppressed-emails': {
    permission: 'manage_users',
    scope: 'company',
    probes: (world) => [foreignSearch(world)],
  },
  '/api/users/move-logs': {
    permission: 'view_user_move_logs',
    scope: 'company',
    probes: (world) => [foreignSearch(world)],
  },
  '/api/users/impersonation-logs': {
    permission: 'view_impersonation_logs',
    scope: 'company',
    probes: (world) => [foreignSearch(world)],
  },
  '/api/mail-logs': {
    permission: 'view_mail_logs',
    scope: 'company',
    probes: (world) => [foreignSearch(world)],
  },
  '/api/webhooks': { permission: 'manage_webhooks', scope: 'owner' },
  '/api/devices': {
    permission: 'view_devices',
    scope: 'company',
    probes: (world) => [`company_id=${world.zones.foreign.company.id}`, foreignSearch(world)],
  },
  '/api/devices/export/csv': {
    permission: 'view_devices',
    scope: 'company',
    probes: (world) => [`company_id=${world.zones.foreign.company.id}`, foreignSearch(world)],
  },
  '/api/hotspots': {
    permission: { allOf: ['view_devices', 'view_device_hotspots'] },
    scope: 'company',
    probes: (world) => [
      `company_id=${world.zones.foreign.company.id}`,
      `ssid_names=${encodeURIComponent(`hotspot ${world.zones.foreign.marker}`)}`,
      foreignSearch(world),
    ],
  },
  '/api/devices/remote-access': {
    permission: 'view_device_remote_access',
    scope: 'company',
    probes: (world) => [`company_id=${world.zones.foreign.company.id}`, foreignSearch(world)],
  },
  '/api/vpn/hubs': {
    permission: 'view_vpn_hubs',
    scope: 'company',
    probes: (world) => [
      `company_id=${world.zones.foreign.company.id}`,
      `id=${world.zones.foreign.vpn?.hubId ?? 0}`,
      foreignSearch(world),
    ],
  },
  '/api/vpn/hubs/users': {
    permission: 'view_vpn_hubs',
    scope: 'company',
    probes: (world) => [
      `company_id=${world.zones.foreign.company.id}`,
      `vpn_hub_id=${world.zones.foreign.vpn?.hubId ?? 0}`,
      foreignSearch(world),
    ],
  },
  '/api/devices/device-vpn-status': {
    permission: { allOf: ['view_devices', 'view_vpn_hubs'] },
    scope: 'company',
    probes: (world) => [`device_id=${world.zones.foreign.vpn?.deviceId ?? 0}`],
  },
  '/api/wireless': {
    permission: { allOf: ['view_devices', 'view_wireless_information'] },
    scope: 'company',
    probes: (world) => [`company_id=${world.zones.foreign.company.id}`, foreignSearch(world)],
  },
  '/api/credits': {
    permission: 'view_credits',
    scope: 'company',
    parentNamed: ['parent_company_name'],
    probes: ({ zones }) => [
      `company_id=${zones.foreign.company.id}`,
      `id=${zones.foreign.credits.poolId},${zones.foreign.credits.movedPoolId}`,
    ],
  },
  '/api/credits/history': {
    permission: 'view_credits',
    scope: 'company',
    probes: ({ zones }) => [
      `company_id=${zones.foreign.company.id}`,
      `pool_id=${zones.foreign.credits.poolId}`,
    ],
  },
  '/api/credits/move/history': {
    permission: 'view_credits',
    scope: 'company',
    probes: ({ zones }) => [
      `company_id=${zones.foreign.company.id}`,
      `pool_id=${zones.foreign.credits.movedPoolId}`,
    ],
  },
  '/api/companies/data/history': {
    permission: 'view_company_data_history',
    scope: 'company',
    probes: (world) => [
      `company_id=${world.zones.foreign.company.id}`,
      `id=${world.zones.foreign.credits.purchaseId}`,
      foreignSearch(world),
    ],
  },
  '/api/reports': {
    permission: 'view_reports',
    scope: 'company',
    probes: (world) => [
      `company_id=${world.zones.foreign.company.id}`,
      `id=${world.zones.foreign.reports.templateId}`,
      foreignSearch(world),
    ],
  },
  '/api/reports/generated': {
    permission: 'view_reports',
    scope: 'company',
    probes: (world) => [
      `company_id=${world.zones.foreign.company.id}`,
      `report_template_id=${world.zones.foreign.reports.templateId}`,
      `id=${world.zones.foreign.reports.generatedId}`,
      foreignSearch(world),
    ],
  },
  '/api/credits/codes': {
    permission: 'view_credit_transfer_codes',
    scope: 'company',
    probes: (world) => [
      `company_id=${world.zones.foreign.company.id}`,
      `company_id=${world.zones.foreign.company.id}&status=active`,
      `id=${world.zones.foreign.credits.codeId}`,
      foreignSearch(world),
    ],
  },
};
