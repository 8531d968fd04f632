import { expect, test } from '@playwright/test';
import type { MqttClient } from 'mqtt';
import { acceptAgreementIfAsked, logIn, ownCompanyId, xsrfHeaders } from './helpers';
import {
  enrolledDevice,
  reportAlert,
  reportCollect,
  reportPayloads,
  reportVpn,
} from './security-xss/device';
import { pagesOf, trackRequests, visit } from './security-xss/pages';
import {
  automationMailLogged,
  seedAutomation,
  seedTasksAndAlerts,
} from './security-xss/seed-automation';
import { seedDashboard, seedRemote, seedUploads } from './security-xss/seed-fleet-remote';
import {
  seedAccountAndSystem,
  seedOrganisation,
  seedRegisteredUser,
  type SeedContext,
} from './security-xss/seed-organisation';
import { seedGeneratedReport, seedTemplatesAndReports } from './security-xss/seed-templates';
import { Seeds } from './security-xss/seeds';
import { SUPER_ADMIN } from './users';

// ICSA-23-131-08 and issue 23, stored XSS: a script is stored in every string a device reports
// and every free-text string a user enters (each create or update body of the API contracts
// with a z.string() and no strict pattern), then every page, tab, detail page and dialog that
// shows one is opened in Chromium. Nothing may run (window.__xss stays unset, no dialog opens),
// the markup must not become elements, and the console's content security policy must not have
// had to block anything it serves itself. Every stored payload must be shown, as text, on at
// least one of those pages, so a string that stopped being shown (or stored) fails the spec.

const run = String(Date.now() % 1_000_000).padStart(6, '0');

let device: MqttClient | undefined;
test.afterAll(async () => {
  await device?.endAsync();
});

test('stored scripts in device-reported and user-entered strings never run', async ({
  page,
  playwright,
  baseURL,
}) => {
  // About two minutes on an idle machine; a shared CI machine under load takes several times that.
  test.setTimeout(600_000);
  const dialogs: string[] = [];
  const violations: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const settled = trackRequests(page);

  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  const seeds = new Seeds(run);
  const companyId = await ownCompanyId(page);
  const headers = await xsrfHeaders(page);
  const serial = `XS${run}`;
  const mac = `02:5E:42:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}`;
  const added = await page.request.post('/api/devices', {
    headers,
    data: { company_id: companyId, serial, mac, name: `xss-${serial}` },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const { claim_secret: claim } = ((await added.json()) as { data: { claim_secret: string }[] })
    .data[0] as { claim_secret: string };
  const enrolled = await enrolledDevice(serial, mac, claim, seeds);
  device = enrolled.device;
  const context: SeedContext = { page, seeds, headers, companyId, deviceId: enrolled.id, run };

  // The automation comes first: the device's readings that follow make it fire.
  const { automationId } = await seedAutomation(context);
  const { input, iccid, reportDynamic } = await reportPayloads(enrolled.publish, seeds);
  // The device's strings are stored (the gateway flushes every second).
  await expect
    .poll(async () => (await page.request.get(`/api/devices/${String(enrolled.id)}`)).text(), {
      timeout: 15_000,
    })
    .toContain(Seeds.idOf(iccid));
  const organisation = await seedOrganisation(context);
  await seedAccountAndSystem(context);
  const anonymous = await playwright.request.newContext({ baseURL });
  const email = await seedRegisteredUser(context, anonymous);
  await anonymous.dispose();
  const { groupId, alertConfigId } = await seedTasksAndAlerts(context);
  await reportAlert(enrolled.publish, seeds, alertConfigId);
  const { imageId, documentationId } = await seedUploads(context);
  const { configId, collectUrl, reportId } = await seedTemplatesAndReports(
    context,
    documentationId,
  );
  await reportCollect(enrolled.publish, seeds, configId, collectUrl);
  const generatedId = await seedGeneratedReport(context, reportId);
  const dashboardId = await seedDashboard(context, input, imageId);
  const remote = await seedRemote(context);
  await reportVpn(enrolled.publish, seeds, remote.quickHubId);
  // Markup-refusing fields are a defence too: which ones refused is noted with the result.
  test
    .info()
    .annotations.push(
      { type: 'refused (422)', description: seeds.refused.join(', ') },
      { type: 'stored or sent, shown by no page', description: seeds.ignored.join(', ') },
      { type: 'stored', description: String(seeds.stored.length) },
    );

  const ids = {
    ...organisation,
    ...remote,
    deviceId: enrolled.id,
    serial,
    email,
    dashboardId,
    companyId,
    groupId,
    automationId,
    configId,
    generatedId,
  };
  await automationMailLogged(context, reportDynamic);
  const texts: string[] = [];
  for (const target of pagesOf(ids, seeds)) {
    texts.push((await visit(page, target, settled, violations)).toLowerCase());
  }
  // Each stored payload reached a page, as text (CSS may change its case).
  const unseen = seeds.stored.filter(
    (field) => !texts.some((text) => text.includes(field.expected.toLowerCase())),
  );
  expect(unseen.map((field) => field.what)).toEqual([]);
  expect(dialogs).toEqual([]);
});
