import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFleet, type Fleet } from '../../../agent/src/sim/fleet';
import { FleetState } from '../../../agent/src/sim/fleet-state';
import { SimDevice } from '../../../agent/src/sim/sim-device';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '@test/app';
import { buildDeviceTestApp, createPendingDevice, type DeviceTestApp } from '@test/devices';
import { rootCompany } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

const SEED = 2023;

export interface LiveWorld {
  t: DeviceTestApp;
  session: TestSession;
  /** Ids for path parameters, by the collection they name (`devices`, `companies`, ...). */
  /** Ids by the path segment before them (a password task's id is text). */
  ids: Record<string, number | string>;
  close(): Promise<void>;
}

const json = async <T>(world: Pick<LiveWorld, 't' | 'session'>, url: string): Promise<T> =>
  (await world.t.app.inject({ method: 'GET', url, headers: world.session.headers })).json<T>();

/**
 * Seeded data as an integration meets it: a child company, a tag, and simulated devices that
 * enrolled over MQTT and report telemetry (one more device added but never activated).
 */
export const buildLiveWorld = async (): Promise<LiveWorld> => {
  const t = await buildDeviceTestApp();
  const session = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const root = await rootCompany(t.db);
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: session.headers, payload });
  await post('/api/companies', { name: 'Live child', parent_id: root.id });
  await post('/api/tags', { name: 'live', company_id: root.id, color: '#4287f5' });

  const stateDir = mkdtempSync(join(tmpdir(), 'nf-rms-live-'));
  const statePath = join(stateDir, 'fleet.json');
  const state = await FleetState.load(statePath);
  const sims = [0, 1, 2].map((i) => new SimDevice(i, SEED));
  const ids: number[] = [];
  for (const sim of sims) {
    const pending = await createPendingDevice(t.db, {
      companyId: root.id,
      serial: sim.serial,
      ...(sim.mac ? { mac: sim.mac } : {}),
    });
    ids.push(pending.id);
    state.set(sim.serial, { claim: pending.claim });
  }
  await state.flush();
  // Two of the three enrol and report; the third stays "not activated".
  const fleet: Fleet = await startFleet({ devices: 2, seed: SEED, mqttUrl: t.mqttUrl, statePath });
  await fleet.ramped;
  const world = { t, session };
  const deadline = Date.now() + 15_000;
  for (;;) {
    await t.gateway.flush();
    const row = await json<{ data?: { information_updated?: string | null } }>(
      world,
      `/api/devices/${String(ids[0])}`,
    );
    if (row.data?.information_updated) break;
    if (Date.now() > deadline) throw new Error('the simulated devices never reported');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // A configuration file, uploaded as RMS clients do (multipart).
  const boundary = 'nf-live-world';
  const part = (name: string, value: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
    `${filename ? `; filename="${filename}"\r\nContent-Type: application/octet-stream` : ''}` +
    `\r\n\r\n${value}\r\n`;
  await t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...session.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload:
      part('type', 'config') +
      part('description', 'live world backup') +
      part('company_id', String(root.id)) +
      part('file', 'config backup', 'backup.tar.gz') +
      `--${boundary}--\r\n`,
  });
  // An access rule to the first device's web UI (its sessions are asked for by the rule's id).
  await post('/api/devices/remote-access', {
    data: [
      { device_id: ids[0], name: 'Live web UI', destination_ip: '127.0.0.1', destination_port: 80 },
    ],
  });
  // A device that reported a hotspot, and that hotspot's index.
  const hotspot = (
    await json<{ data?: { device_id: number; index: number }[] }>(world, '/api/hotspots')
  ).data?.[0];
  const wifi = (
    await json<{ data?: { device_id: number; index: number }[] }>(world, '/api/wireless')
  ).data?.[0];

  // A task group run on the first device, finished, for its group log and task logs; and a
  // password task of that device.
  const group = (
    await post('/api/devices/tasks/groups', {
      name: 'Live group',
      tasks: [
        { name: 'Uptime', order: 0, timeout: 30, type: 'command', data: { command: 'uptime' } },
      ],
    })
  ).json<{ data?: { id: number } }>();
  await post(`/api/devices/tasks/groups/${group.data?.id ?? 0}`, { device_id: [ids[0]] });
  const passwords = (
    await post('/api/devices/passwords/generate', {
      data: [{ id: ids[0], length: 12, use_special: 0 }],
    })
  ).json<{ meta?: { task_id: string } }>();
  // A data-collect config the first device collects (over MQTT, from its simulated local API).
  const collect = (
    await post('/api/data-collect/configs', {
      name: 'Live signal',
      company_id: root.id,
      api_version: '1.0',
      period: 60,
      enabled: true,
      device_documentation_id: 1,
      data: [
        {
          url: '/system/device/status',
          variables: [{ id: 'uptime', filter: '$.http_body.data.uptime', type: 'integer' }],
        },
      ],
    })
  ).json<{ data?: { id: number } }>();
  await t.app.inject({
    method: 'PUT',
    url: '/api/data-collect/configs/assign',
    headers: session.headers,
    payload: {
      configs: [{ id: collect.data?.id, device_id: [ids[0]], period: 60, enabled: true }],
    },
  });
  const collectDeadline = Date.now() + 15_000;
  while (
    !(
      await json<{ data?: unknown[] }>(
        world,
        `/api/data-collect/configs/assigned?config_id=${String(collect.data?.id)}`,
      )
    ).data?.some((row) => (row as { last_updated_at: string | null }).last_updated_at)
  ) {
    if (Date.now() > collectDeadline) throw new Error('the simulated device never collected');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const logsDeadline = Date.now() + 15_000;
  while (
    !(await json<{ data?: unknown[] }>(world, '/api/devices/tasks/logs')).data?.length &&
    Date.now() < logsDeadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // An automation on the signal, covering the first device.
  const automation = (
    await post('/api/automations', {
      name: 'Live weak signal',
      conditions_body: [
        {
          type: 'if',
          tag: 'cond_0',
          expression: [{ parameter: 'signal', operator: '<', value: -110 }],
          actions: [],
        },
      ],
    })
  ).json<{ data?: { id: number } }>();
  await t.app.inject({
    method: 'PUT',
    url: '/api/automations/devices/assign',
    headers: session.headers,
    payload: { data: [{ automation_id: automation.data?.id, device_id: [ids[0]] }] },
  });

  // A device alert on the first device's signal, raised by pinning its signal (the whole loop:
  // alerts_config job, evaluation on the simulator, `al`, the alert history).
  await post('/api/devices/alerts-configurations', {
    data: [{ device_id: ids[0], alert_type_id: 3, alert_subtype_id: 9, action: 3, message: '%ex' }],
  });
  await post(`/api/devices/${ids[0]}/command`, { command: 'nf-sim pin signal=-118' });
  const alertsDeadline = Date.now() + 15_000;
  while (
    // The history holds the automation's events too: wait for the device's own alert.
    !(await json<{ data?: unknown[] }>(world, '/api/alerts?source=device')).data?.length &&
    Date.now() < alertsDeadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // Resources in the root company, some of them exchanged for company data.
  await post('/api/credits', {
    credit_type_id: 2,
    credit_count: 50,
    company_id: root.id,
    credit_price: 1,
    pro_form_nr: 'PF-live',
  });
  await post('/api/companies/data', { company_id: root.id, credits: 2 });

  // A report over the root company, generated once (its channel says when it is stored).
  const template = (
    await post('/api/reports', {
      name: 'Live report',
      type: 'single',
      period: 'day',
      parameters: ['router_uptime', 'signal', 'data_usage', 'operator', 'alerts'],
      applied_by: 'company',
      apply_list: [root.id],
    })
  ).json<{ data?: { id: number } }>();
  const generation = (await post(`/api/reports/${template.data?.id ?? 0}/generate`, {})).json<{
    meta?: { channel: string };
  }>();
  const reportDeadline = Date.now() + 15_000;
  while (
    !(
      await json<{ data?: Record<string, { status: string }[]> }>(
        world,
        `/api/status/channel/${generation.meta?.channel ?? ''}`,
      )
    ).data?.[String(template.data?.id)]?.some((update) => update.status === 'completed') &&
    Date.now() < reportDeadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // A VPN hub (no runtime runs it here) with the first device, when its firmware runs OpenVPN,
  // a custom user and a DHCP option.
  const hub = (await post('/api/vpn/hubs', { name: 'Live hub', company_id: root.id })).json<{
    data?: { id: number };
  }>();
  const hubId = hub.data?.id ?? 0;
  await post(`/api/vpn/hubs/${hubId}/devices`, { device_id: [ids[0]] });
  await post('/api/vpn/hubs/users/custom', { vpn_hub_id: hubId, username: 'live' });
  await post(`/api/vpn/hubs/${hubId}/dhcp`, { ip_address: '10.8.0.1', type: 'DNS' });

  const first = async (url: string) =>
    (await json<{ data?: { id: number }[] }>(world, url)).data?.[0]?.id ?? 0;
  return {
    t,
    session,
    ids: {
      devices: ids[0] ?? 0,
      companies: root.id,
      tags: await first('/api/tags'),
      roles: await first('/api/roles'),
      users: await first('/api/users'),
      invitations: await first('/api/users/invitations'),
      files: await first('/api/files'),
      'email-configurations': await first('/api/email-configurations'),
      // `/devices/connect/{access_id}/sessions`: an access rule's id.
      connect: await first('/api/devices/remote-access'),
      hotspotDevice: hotspot?.device_id ?? 0,
      hotspotIndex: hotspot?.index ?? 0,
      // `/devices/{device_id}/wireless/graph`: a device with Wi-Fi and its interface's `wlan`.
      wifiDevice: wifi?.device_id ?? 0,
      wlan: wifi?.index ?? 0,
      groups: group.data?.id ?? 0,
      logs: await first('/api/devices/tasks/logs'),
      groupLogs: await first('/api/devices/tasks/groups/logs'),
      tasks: passwords.meta?.task_id ?? 0,
      dataCollect: collect.data?.id ?? 0,
      automations: automation.data?.id ?? 0,
      alerts: await first('/api/alerts'),
      'alerts-configurations': await first('/api/alerts-configurations'),
      reports: template.data?.id ?? 0,
      // `/reports/generated/{id}`: a generated report's id.
      generated: await first('/api/reports/generated'),
      // `/vpn/hubs/{id}/...` and `/vpn/quick-hubs/{id}/...`: the hub's id.
      hubs: hubId,
      'quick-hubs': hubId,
    },
    async close() {
      await fleet.stop();
      await t.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
};
