import { AUTOMATION_MESSAGES, type Automation } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  automationRevisions,
  automations,
  emailConfigurations,
  suppressedEmails,
  taskGroups,
  webhooks,
} from '@/db/schema';
import { createModuleContext } from '@/modules/context';
import { SUPPRESSED_MESSAGE } from '@/modules/system/mail/mail.service';
import { buildModuleApp } from '@test/module-app';
import { automationsModule } from './automations.module';
import {
  type AutomationsApp,
  automationsHelpers,
  startAutomationsApp,
  withActions,
} from './automations.fixtures';

let app: AutomationsApp;
beforeAll(async () => {
  app = await startAutomationsApp();
});
afterAll(() => app.t.close());

const { call, create, get, errorsOf, userWith } = automationsHelpers(() => app);

describe('automations CRUD', () => {
  it('creates, reads, lists, updates and deletes a rule in RMS shapes', async () => {
    const created = await create();
    expect(created).toMatchObject({
      name: 'Weak signal',
      description: 'Signal below -110 dBm',
      data_group: 'dynamic',
      company_id: app.company.id,
      user_id: app.user.id,
      cooldown_duration: 60,
      cooldown_enabled: true,
      automation_version: '1',
      conditions_body_version: '1',
      total_triggered_count: 0,
      period_trigger_limit: null,
      enabled: true,
      devices_count: 0,
      active_devices_count: 0,
      renotify_interval: 0,
      scope: { tag_id: [], company_id: [] },
    });
    expect(created.conditions_body[0]?.tag).toBe('cond_0');
    expect(created.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await get(created.id)).toEqual(created);

    const listed = await call('GET', '/api/automations?q=weak&sort=-id&limit=5');
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json() as { data: Automation[]; meta: { total: number } };
    expect(list.data.map((rule) => rule.id)).toContain(created.id);
    expect(list.meta.total).toBeGreaterThanOrEqual(1);

    // Same conditions, new name: only automation_version moves.
    const renamed = await call('PUT', `/api/automations/${created.id}`, {
      name: 'Renamed',
      conditions_body: created.conditions_body,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ success: true });
    let rule = await get(created.id);
    expect([rule.name, rule.automation_version, rule.conditions_body_version]).toEqual([
      'Renamed',
      '2',
      '1',
    ]);

    const events = withActions([]);
    (events[0] as { expression: object[] }).expression = [
      { parameter: 'firmware_changed', operator: '==', value: true },
    ];
    const changed = await call('PUT', `/api/automations/${created.id}`, {
      conditions_body: events,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    rule = await get(created.id);
    expect([rule.automation_version, rule.conditions_body_version, rule.data_group]).toEqual([
      '3',
      '2',
      'events',
    ]);
    const revisions = await app.t.db
      .select()
      .from(automationRevisions)
      .where(eq(automationRevisions.automationId, created.id));
    expect(revisions.map((row) => row.version).sort()).toEqual([1, 2]);

    const removed = await call('DELETE', `/api/automations/${created.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', `/api/automations/${created.id}`)).statusCode).toBe(404);
  });

  it('enables and disables rules (enable or enabled), and refuses unknown ones', async () => {
    const a = await create();
    const b = await create();
    const off = await call('PUT', '/api/automations/activate', [
      { enable: false, automations: [a.id] },
      { enabled: false, automations: [b.id] },
    ]);
    expect(off.statusCode, off.body).toBe(200);
    expect([(await get(a.id)).enabled, (await get(b.id)).enabled]).toEqual([false, false]);
    const unknown = await call('PUT', '/api/automations/activate', [
      { enable: true, automations: [a.id, 999_999] },
    ]);
    expect(unknown.statusCode).toBe(422);
    expect(errorsOf(unknown)[0]).toMatchObject({
      source: '0.automations.1',
      message: AUTOMATION_MESSAGES.notFound,
    });
    expect((await get(a.id)).enabled).toBe(false);
  });

  it('answers the parameter catalogue', async () => {
    const response = await call('GET', '/api/automations/parameters');
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json() as { data: { key: string; unit: string | null }[] };
    expect(data.find((parameter) => parameter.key === 'signal')?.unit).toBe('dBm');
  });
});

describe('validation', () => {
  it('answers 422 with the body path of a wrong-type threshold and an unknown parameter', async () => {
    const conditions = withActions([]);
    (conditions[0] as { expression: object[] }).expression = [
      { parameter: 'signal', operator: '<', value: 'low', joins_with: '&&' },
      { parameter: 'nope', operator: '==', value: 1 },
    ];
    const response = await call('POST', '/api/automations', {
      name: 'Bad',
      conditions_body: conditions,
    });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          source: 'conditions_body.0.expression.0.value',
          message: AUTOMATION_MESSAGES.numberValue('signal'),
        }),
        expect.objectContaining({
          source: 'conditions_body.0.expression.1.parameter',
          message: AUTOMATION_MESSAGES.unknownParameter('nope'),
        }),
      ]),
    );
  });

  it('refuses ExportTroubleshoot at its name', async () => {
    const response = await call('POST', '/api/automations', {
      name: 'Export',
      conditions_body: withActions([{ name: 'ExportTroubleshoot' }]),
    });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)[0]).toMatchObject({
      source: 'conditions_body.0.actions.0.name',
      message: AUTOMATION_MESSAGES.actionUnavailable('ExportTroubleshoot'),
    });
  });
});

describe('scoping', () => {
  it("answers 404 for another company's rule and 422 for a company out of reach", async () => {
    const { t, other } = app;
    const theirs = await create();
    // Moved under B directly: nobody of A may see it.
    await t.db
      .update(automations)
      .set({ companyId: other.id })
      .where(eq(automations.id, theirs.id));
    for (const [method, url] of [
      ['GET', `/api/automations/${theirs.id}`],
      ['PUT', `/api/automations/${theirs.id}`],
      ['DELETE', `/api/automations/${theirs.id}`],
      ['GET', `/api/automations/${theirs.id}/logs`],
      ['GET', `/api/automations/${theirs.id}/devices`],
    ] as const) {
      const response = await call(method, url, method === 'PUT' ? { name: 'x' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const listed = (await call('GET', '/api/automations?limit=1000')).json() as {
      data: Automation[];
    };
    expect(listed.data.map((rule) => rule.id)).not.toContain(theirs.id);

    const placed = await call('POST', '/api/automations', {
      name: 'B',
      company_id: other.id,
      conditions_body: withActions([]),
    });
    expect(placed.statusCode).toBe(422);
    expect(errorsOf(placed)[0]?.source).toBe('company_id');
  });
});

describe('action checks on save', () => {
  it('refuses a reboot action to a user without update_devices (403 at its name)', async () => {
    const { session } = await userWith([
      'view_device_alert_configurations',
      'manage_device_alert_configurations',
    ]);
    const response = await call(
      'POST',
      '/api/automations',
      { name: 'Reboot', conditions_body: withActions([{ name: 'Reboot' }]) },
      session,
    );
    expect(response.statusCode, response.body).toBe(403);
    expect(errorsOf(response)[0]).toMatchObject({
      code: 'FORBIDDEN',
      source: 'conditions_body.0.actions.0.name',
      message: AUTOMATION_MESSAGES.actionForbidden('Reboot', 'update_devices'),
    });
    // Nested branches are walked too.
    const nested = withActions([]);
    (nested[0] as { conditions?: object[] }).conditions = [
      {
        type: 'if',
        expression: [{ parameter: 'signal', operator: '<', value: -120 }],
        actions: [{ name: 'RunCommand', options: { command: 'uptime' } }],
      },
    ];
    const inner = await call(
      'POST',
      '/api/automations',
      { name: 'Nested', conditions_body: nested },
      session,
    );
    expect(inner.statusCode, inner.body).toBe(403);
    expect(errorsOf(inner)[0]?.source).toBe('conditions_body.0.conditions.0.actions.0.name');
  });

  it('refuses a suppressed address, an unknown SMTP configuration, task group, webhook or user', async () => {
    const { t, company, other, user } = app;
    await t.db.insert(suppressedEmails).values({ email: 'bounced@example.test', reason: 'test' });
    const email = (options: object) => ({
      name: 'SendEmail',
      options: {
        subject: 'Alert',
        message: 'Weak',
        receiving_emails: ['ok@example.test'],
        ...options,
      },
    });
    const cases: [object, string, string][] = [
      [
        email({ receiving_emails: ['Bounced@example.test'] }),
        'conditions_body.0.actions.1.options.receiving_emails.0',
        SUPPRESSED_MESSAGE,
      ],
      [
        email({ smtp_config_id: 999_999 }),
        'conditions_body.0.actions.1.options.smtp_config_id',
        AUTOMATION_MESSAGES.smtpConfigNotFound(999_999),
      ],
      [
        { name: 'TaskManagerAction', options: { task_group_id: '999999' } },
        'conditions_body.0.actions.1.options.task_group_id',
        AUTOMATION_MESSAGES.taskGroupNotFound(999_999),
      ],
      [
        { name: 'SendWebhook', options: { webhook_id: 999_999 } },
        'conditions_body.0.actions.1.options.webhook_id',
        AUTOMATION_MESSAGES.webhookNotFound(999_999),
      ],
      [
        {
          name: 'SendNotification',
          options: { message: 'x', receiving_users: ['nobody@example.test'] },
        },
        'conditions_body.0.actions.1.options.receiving_users.0',
        AUTOMATION_MESSAGES.recipientNotFound('nobody@example.test'),
      ],
    ];
    for (const [action, source, message] of cases) {
      const response = await call('POST', '/api/automations', {
        name: 'Checked',
        conditions_body: withActions([email({}), action]),
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(errorsOf(response)[0]).toMatchObject({ source, message });
    }

    // The same references, when they are the caller's, save.
    const [smtp] = await t.db
      .insert(emailConfigurations)
      .values({
        companyId: company.id,
        name: 'Own',
        host: 'smtp.example.test',
        port: 25,
        email: 'nf@example.test',
      })
      .returning({ id: emailConfigurations.id });
    const [group] = await t.db
      .insert(taskGroups)
      .values({ companyId: company.id, name: 'Group' })
      .returning({ id: taskGroups.id });
    const [hook] = await t.db
      .insert(webhooks)
      .values({
        url: 'https://receiver.example/hook',
        events: [],
        enabled: true,
        ownerUserId: user.id,
        companyId: company.id,
        secret: 's'.repeat(64),
      })
      .returning({ id: webhooks.id });
    const [foreignGroup] = await t.db
      .insert(taskGroups)
      .values({ companyId: other.id, name: 'Theirs' })
      .returning({ id: taskGroups.id });
    const saved = await call('POST', '/api/automations', {
      name: 'All actions',
      conditions_body: withActions([
        email({ smtp_config_id: smtp?.id }),
        { name: 'TaskManagerAction', options: { task_group_id: String(group?.id) } },
        { name: 'SendWebhook', options: { webhook_id: hook?.id } },
        { name: 'SendNotification', options: { message: 'x', receiving_users: [user.email] } },
        { name: 'Reboot' },
      ]),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const theirs = await call('POST', '/api/automations', {
      name: 'Foreign group',
      conditions_body: withActions([
        { name: 'TaskManagerAction', options: { task_group_id: foreignGroup?.id } },
      ]),
    });
    expect(theirs.statusCode).toBe(422);
  });
});

describe('onRulesChanged', () => {
  it('is called after each write that changes rules, and not on reads or refused writes', async () => {
    const onRulesChanged = vi.fn();
    const module = await buildModuleApp(app.t, async (instance) => {
      const context = createModuleContext(instance, {
        config: app.t.config,
        db: app.t.db,
        jwtSecret: app.t.jwtSecret,
        now: () => new Date(),
      });
      await automationsModule(instance, context, { onRulesChanged });
    });
    const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      module.inject({ method, url, headers: app.session.headers, ...(payload ? { payload } : {}) });
    const device = await automationsHelpers(() => app).device();

    const created = await inject('POST', '/api/automations', {
      name: 'Spy',
      conditions_body: withActions([]),
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { data: Automation }).data.id;
    await inject('GET', `/api/automations/${id}`);
    await inject('PUT', `/api/automations/${id}`, { name: 'Spied' });
    await inject('PUT', '/api/automations/activate', [{ enable: false, automations: [id] }]);
    await inject('PUT', '/api/automations/devices/assign', {
      data: [{ automation_id: id, device_id: [device.id] }],
    });
    await inject('PUT', `/api/automations/${id}/devices/activation`, [
      { enable: false, devices: [device.id] },
    ]);
    await inject('PUT', '/api/automations/devices/unassign', {
      data: [{ automation_id: id, device_id: [device.id] }],
    });
    await inject('PUT', '/api/devices/automations/overwrite', {
      data: [{ device_id: device.id, automation_id: [id] }],
    });
    await inject('PUT', '/api/automations/devices/overwrite', {
      data: [{ device_id: device.id, automation_id: [id] }],
    });
    await inject('PUT', `/api/automations/${id}/devices`, [{ devices: [] }]);
    await inject('DELETE', `/api/automations/${id}/devices`, [{ devices: [device.id] }]);
    expect(
      (await inject('PUT', `/api/automations/${id}`, { company_id: 999_999 })).statusCode,
    ).toBe(422);
    await inject('DELETE', `/api/automations/${id}`);
    expect(onRulesChanged).toHaveBeenCalledTimes(11);
    await module.close();
  });
});
