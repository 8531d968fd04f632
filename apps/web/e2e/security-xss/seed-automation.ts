import { expect } from '@playwright/test';
import { SUPER_ADMIN } from '../users';
import { idOf, type SeedContext } from './seed-organisation';

const apiDate = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** A task group (its name and a command step) and the device's alert configurations. */
export async function seedTasksAndAlerts({ page, seeds, headers, deviceId }: SeedContext) {
  const { request } = page;
  const group = await seeds.write(
    'task group',
    {
      name: seeds.payload(),
      'tasks.0.name': seeds.payload(),
      'tasks.0.data.command': seeds.payload(),
    },
    (v) =>
      request.post('/api/devices/tasks/groups', {
        headers,
        data: {
          name: v.name,
          tasks: [
            {
              name: v['tasks.0.name'],
              order: 0,
              timeout: 10,
              type: 'command',
              data: { command: v['tasks.0.data.command'] },
            },
          ],
        },
      }),
  );
  // The device's job list shows a command's output, not the command.
  await seeds.write(
    'device command',
    { command: seeds.payload() },
    (v) =>
      request.post(`/api/devices/${String(deviceId)}/command`, {
        headers,
        data: { command: v.command },
      }),
    { unshown: ['command'] },
  );
  // An in-app alert (its message is listed) and an e-mail one (its subject is in its form).
  const alert = (action: 1 | 3, message: string, subject?: string) => ({
    device_id: deviceId,
    alert_type_id: 3,
    alert_subtype_id: 9,
    action,
    message,
    ...(subject === undefined ? {} : { subject, email: 'xss@example.test' }),
  });
  await seeds.write(
    'alert configuration',
    {
      'data.0.message': seeds.payload(),
      'data.1.message': seeds.payload(),
      'data.1.subject': seeds.payload(),
    },
    (v) =>
      request.post('/api/devices/alerts-configurations', {
        headers,
        data: {
          data: [
            alert(3, v['data.0.message'] ?? ''),
            alert(1, v['data.1.message'] ?? '', v['data.1.subject']),
          ],
        },
      }),
  );
  // The in-app one, whose events the device is to report.
  const configs = await request.get('/api/alerts-configurations', {
    params: { device_id: deviceId },
  });
  const inApp = seeds.value('alert configuration', 'data.0.message');
  const { data } = (await configs.json()) as { data: { id: number; message: string }[] };
  const alertConfigId = data.find((config) => config.message === inApp)?.id ?? 0;
  expect(alertConfigId).toBeGreaterThan(0);
  return { groupId: await idOf(group), alertConfigId };
}

/**
 * An automation that fires on the device's next dynamic reading (temperature above 0), so its
 * notification and e-mail carry its texts; and a silence of it.
 */
export async function seedAutomation({ page, seeds, headers, companyId, run }: SeedContext) {
  const { request } = page;
  const c = 'conditions_body.0';
  const automation = await seeds.write(
    'automation',
    {
      name: seeds.payload(),
      description: seeds.payload(),
      [`${c}.tag`]: seeds.payload(),
      [`${c}.expression.1.value`]: seeds.payload(),
      [`${c}.actions.0.tag`]: seeds.payload(),
      [`${c}.actions.0.options.message`]: seeds.payload(),
      [`${c}.actions.1.options.subject`]: seeds.payload(),
      [`${c}.actions.1.options.message`]: seeds.payload(),
      [`${c}.actions.2.options.command`]: seeds.payload(),
    },
    (v) =>
      request.post('/api/automations', {
        headers,
        data: {
          name: v.name,
          description: v.description,
          scope: { company_id: [companyId], tag_id: [] },
          conditions_body: [
            {
              type: 'if',
              tag: v[`${c}.tag`],
              expression: [
                { parameter: 'temperature', operator: '>', value: 0, joins_with: '&&' },
                { parameter: 'wan_state', operator: '!=', value: v[`${c}.expression.1.value`] },
              ],
              actions: [
                {
                  name: 'SendNotification',
                  tag: v[`${c}.actions.0.tag`],
                  options: {
                    message: v[`${c}.actions.0.options.message`],
                    receiving_users: [SUPER_ADMIN.email],
                  },
                },
                {
                  name: 'SendEmail',
                  options: {
                    subject: v[`${c}.actions.1.options.subject`],
                    message: v[`${c}.actions.1.options.message`],
                    receiving_emails: [automationMailTo(run)],
                  },
                },
                {
                  name: 'RunCommand',
                  options: { command: v[`${c}.actions.2.options.command`] },
                },
              ],
            },
          ],
        },
      }),
    // RMS's labels of a condition and an action: the console has no place for them.
    { unshown: [`${c}.tag`, `${c}.actions.0.tag`] },
  );
  const automationId = await idOf(automation);
  const now = Date.now();
  await seeds.write('automation silence', { name: seeds.payload() }, (v) =>
    request.post('/api/automations/silences', {
      headers,
      data: {
        name: v.name,
        automation_ids: [automationId],
        starts_at: apiDate(now + 86_400_000),
        ends_at: apiDate(now + 90_000_000),
      },
    }),
  );
  return { automationId };
}

/** The automation's address: its mail is the only one sent there in this run. */
export const automationMailTo = (run: string) => `xss-alert-${run}@example.test`;

/**
 * Waits until the automation's mail is in the mail log. The automation fires on a reading that
 * arrives once it is loaded (a moment after it was saved), so the device reports again meanwhile;
 * earlier specs' mail may push the row off the log's first page, so the page is searched for it.
 */
export async function automationMailLogged(
  { page, run }: Pick<SeedContext, 'page' | 'run'>,
  reportAgain: () => Promise<unknown>,
) {
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/mail-logs', {
          params: { q: automationMailTo(run) },
        });
        const logged = ((await res.json()) as { data?: unknown[] }).data?.length ?? 0;
        if (logged === 0) await reportAgain();
        return logged;
      },
      { timeout: 60_000, message: 'the automation mail is logged' },
    )
    .toBeGreaterThan(0);
}
