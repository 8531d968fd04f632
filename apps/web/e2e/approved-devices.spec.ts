import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import mqtt from 'mqtt';
import { acceptAgreementIfAsked, logIn, ownCompanyId, xsrfHeaders } from './helpers';
import { E2E_MQTT_URL } from './simulator';
import { SUPER_ADMIN } from './users';

// Approved devices (spec §6, §8 code 7) against the real server and its broker: a second device
// with a registered serial is refused and listed; the super admin approves it, and that hardware
// then enrols with its own claim.

// The enrolment topics of docs/device-protocol.md (protocol version 1), as a device sees them.
const enrolRequestTopic = (clientId: string) => `nf/enrol/req/${clientId}`;
const enrolResponseTopic = (clientId: string) => `nf/enrol/res/${clientId}`;
type EnrolResponse = { ok: true; device_id: number } | { ok: false };

/** Enrols over MQTT as a device does: connect as `enrol`, ask, read the one answer. */
async function enrol(request: { serial: string; mac: string; claim: string }) {
  const clientId = `enrol-${randomBytes(8).toString('hex')}`;
  const client = await mqtt.connectAsync(E2E_MQTT_URL, {
    clientId,
    username: 'enrol',
    reconnectPeriod: 0,
  });
  try {
    const answer = new Promise<EnrolResponse>((resolve) =>
      client.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))),
    );
    await client.subscribeAsync(enrolResponseTopic(clientId), { qos: 1 });
    const body = {
      v: 1,
      ...request,
      model: 'RUT955',
      firmware: 'RUT9_R_00.07.06.1',
    };
    await client.publishAsync(enrolRequestTopic(clientId), JSON.stringify(body), { qos: 1 });
    return await answer;
  } finally {
    await client.endAsync();
  }
}

async function addDevice(page: Page, serial: string, mac: string) {
  const companyId = await ownCompanyId(page);
  const added = await page.request.post('/api/devices', {
    headers: await xsrfHeaders(page),
    data: { company_id: companyId, serial, mac, name: `swap-${serial}` },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  return ((await added.json()) as { data: { id: number; claim_secret: string }[] }).data[0];
}

test('a refused identity is listed, approved, and then enrols with its own claim', async ({
  page,
}) => {
  const run = String(Date.now() % 1_000_000).padStart(6, '0');
  const serial = `AD${run}`;
  const mac = `00:1E:42:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}`;
  const newMac = `02:1E:42:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}`;
  const newClaim = `NEWBOARD${run}AA`.slice(0, 16);
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  const device = await addDevice(page, serial, mac);
  if (!device) throw new Error('device not added');
  expect((await enrol({ serial, mac, claim: device.claim_secret })).ok).toBe(true);
  // The replacement board: same serial, another MAC, its own claim.
  expect((await enrol({ serial, mac: newMac, claim: newClaim })).ok).toBe(false);

  await page.goto('/auth-devices');
  // Rows by text: the table's header and body may be separate tables (virtualised rows).
  const row = page.getByRole('row').filter({ hasText: newMac });
  // Recorded by the gateway's next flush (every second).
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(row.getByRole('link', { name: `swap-${serial}` })).toBeVisible();
  await page.screenshot({ path: 'test-results/approved-devices.png', fullPage: true });

  await row.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Approve' }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve device identity' });
  await expect(confirm).toContainText(newMac);
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Device identity approved successfully')).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('tab', { name: 'Approvals' }).click();
  const approval = page.getByRole('row').filter({ hasText: serial });
  await expect(approval).toContainText(mac);
  await expect(approval).toContainText(newMac);
  await expect(approval).toContainText(SUPER_ADMIN.email);

  const answer = await enrol({ serial, mac: newMac, claim: newClaim });
  expect(answer).toMatchObject({ ok: true, device_id: device.id });
});
