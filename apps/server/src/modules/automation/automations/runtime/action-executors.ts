import type { Notification } from '@netfleet/contracts';
import { AUTOMATION_MESSAGES } from '@netfleet/contracts';
import type { Identity } from '@/modules/identity/auth/auth.types';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';
import { JOB_EXPIRY_SECONDS } from '@/modules/fleet/device-jobs/device-jobs.service';
import type { DeviceBackups } from '@/modules/fleet/files/device-backups';
import type { SmtpTransports } from '@/modules/system/email-configurations/smtp-transports';
import { SMTP_ROUTE_MESSAGES } from '@/modules/system/email-configurations/smtp-transports';
import { type MailService, SUPPRESSED_MESSAGE } from '@/modules/system/mail/mail.service';
import type { NotificationsService } from '@/modules/system/notifications/notifications.service';
import { expandPlaceholders } from './alert-messages';
import { ACTION_RUN_MESSAGES } from './action-permissions';
import type { ActionsRepository } from './actions.repository';
import {
  createIntegrationActions,
  type IntegrationActionDeps,
  ownerAuth,
} from './action-integrations';

/**
 * What running an action gave. `checkAt`: it started something that finishes elsewhere (a
 * webhook delivery); the action is looked at again then, with its `ref`, and follows it.
 */
export type ActionResult =
  | { ok: true; ref: Record<string, unknown>; checkAt?: Date }
  | { ok: false; error: string; permanent: boolean; ref?: Record<string, unknown> };

export interface ActionInput {
  name: string;
  options: Record<string, unknown>;
  kind: string;
  message: string;
  readingTs: Date;
  deviceId: number | null;
  deviceName: string;
  deviceSerial: string;
  companyPath: string;
  ruleId: number | null;
  ruleName: string;
  evaluationId: string;
  parameters: readonly { key: string; value: number | string | null }[];
  /** What an earlier run of this action started (a webhook delivery it follows). */
  ref: Record<string, unknown> | null;
  owner: Identity;
}

export interface ActionExecutorDeps extends IntegrationActionDeps {
  repository: Pick<ActionsRepository, 'usersNamed'>;
  notifications: Pick<NotificationsService, 'notifyMany'>;
  mail: Pick<MailService, 'deliver'>;
  /** Companies' own SMTP servers (SendEmail's smtp_config_id); absent: the default server only. */
  smtp: Pick<SmtpTransports, 'routeFor'> | null;
  jobs: Pick<DeviceJobsService, 'createJobs'> | null;
  backups: Pick<DeviceBackups, 'exportArgs'> | null;
}

/** A backup upload link outlives its job by this much (as the devices' own backup action). */
const LINK_GRACE_SECONDS = 60 * 60;

const fail = (error: string, permanent = true): ActionResult => ({ ok: false, error, permanent });
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/** What each action does (design §4.6); unknown or not yet wired actions fail at once. */
export const createActionExecutors = (deps: ActionExecutorDeps) => {
  const placeholders = (value: string, input: ActionInput) => expandPlaceholders(value, input);

  /**
   * A batch's SendNotification actions together: one lookup of their recipients and one insert.
   * One at a time each cost two statements that, under load, waited for the readings' writes.
   */
  const sendNotifications = async (inputs: readonly ActionInput[]): Promise<ActionResult[]> => {
    const names = inputs.map((input) => list(input.options.receiving_users));
    const users = await deps.repository.usersNamed([...new Set(names.flat())]);
    const found = (name: string) =>
      users.find((user) => String(user.id) === name || user.email === name.toLowerCase());
    const planned = inputs.map((input, index) => {
      const own = names[index] ?? [];
      const missing = own.find((name) => !found(name));
      if (missing !== undefined) return fail(AUTOMATION_MESSAGES.recipientNotFound(missing));
      const hidden = own.find((name) => !input.companyPath.startsWith(found(name)?.path ?? '\0'));
      if (hidden !== undefined) return fail(ACTION_RUN_MESSAGES.recipientHidden(hidden));
      const extra = placeholders(text(input.options.message), input);
      const summary = extra ? `${input.message}: ${extra}` : input.message;
      const userIds = [...new Set(own.map((name) => found(name)?.id ?? 0))];
      return userIds.map((userId) => ({ userId, type: 'deviceAlert' as const, summary }));
    });
    const items = planned.flatMap((plan) => (Array.isArray(plan) ? plan : []));
    // Created rows come back in the order of the items: each action takes its own count.
    const created: Notification[] = await deps.notifications.notifyMany(items);
    let next = 0;
    return planned.map((plan) => {
      if (!Array.isArray(plan)) return plan;
      const own = created.slice(next, next + plan.length);
      next += plan.length;
      return { ok: true, ref: { notification_ids: own.map((notification) => notification.id) } };
    });
  };

  const sendEmail = async (input: ActionInput): Promise<ActionResult> => {
    const [to] = list(input.options.receiving_emails);
    if (!to) return fail('No recipient');
    const resolved = input.kind === 'resolved';
    const subject = placeholders(text(input.options.subject), input);
    const body = placeholders(text(input.options.message), input);
    const configId = input.options.smtp_config_id;
    let route;
    if (typeof configId === 'number') {
      // Re-checked at every send: the owner may have lost sight of the configuration.
      route = (await deps.smtp?.routeFor(input.owner, configId)) ?? undefined;
      if (!route) return fail(SMTP_ROUTE_MESSAGES.notFound(configId));
    }
    const delivery = await deps.mail.deliver(
      {
        to,
        subject: resolved ? `Resolved: ${subject}` : subject,
        text: `${body}\n\n${input.message}`,
      },
      route,
    );
    if (delivery.ok) return { ok: true, ref: { to } };
    return fail(delivery.error, delivery.error === SUPPRESSED_MESSAGE);
  };

  /** Reboot, RunCommand and ExportBackup: a durable job of the owner on the device. */
  const deviceJob = async (input: ActionInput): Promise<ActionResult> => {
    const backup = input.name === 'ExportBackup';
    const { jobs, backups } = deps;
    if (!jobs || (backup && !backups)) return fail(ACTION_RUN_MESSAGES.unavailable(input.name));
    if (input.deviceId === null) return fail(ACTION_RUN_MESSAGES.deviceHidden);
    const deviceId = input.deviceId;
    const linkExpiry = new Date(
      deps.now().getTime() + (JOB_EXPIRY_SECONDS.action + LINK_GRACE_SECONDS) * 1000,
    );
    const { type, args } =
      input.name === 'Reboot'
        ? { type: 'reboot' as const, args: {} }
        : backup
          ? {
              type: 'backup_export' as const,
              args: (deviceId: number) => backups?.exportArgs(deviceId, linkExpiry) ?? {},
            }
          : {
              type: 'command' as const,
              args: {
                command: text(input.options.command),
                ...(typeof input.options.timeout === 'number'
                  ? { timeout: input.options.timeout }
                  : {}),
              },
            };
    const created = await jobs.createJobs(
      ownerAuth(input.owner, deps.now()),
      [deviceId],
      type,
      args,
      { expiresInSeconds: JOB_EXPIRY_SECONDS.action },
    );
    const [job] = created.jobs;
    if (!job) return fail(created.errors[0]?.message ?? ACTION_RUN_MESSAGES.deviceHidden);
    return { ok: true, ref: { job_id: job.id } };
  };

  const integrations = createIntegrationActions(deps);

  const one = async (input: ActionInput): Promise<ActionResult> => {
    switch (input.name) {
      case 'SendNotification':
        return (await sendNotifications([input]))[0] ?? fail('No notification');
      case 'SendEmail':
        return sendEmail(input);
      case 'Reboot':
      case 'RunCommand':
      case 'ExportBackup':
        return deviceJob(input);
      case 'SendWebhook':
        return integrations.sendWebhook(input);
      case 'TaskManagerAction':
        return integrations.startTaskRun(input);
      default:
        return fail(ACTION_RUN_MESSAGES.unavailable(input.name));
    }
  };
  return { one, notifications: sendNotifications };
};

export type ActionExecutor = ReturnType<typeof createActionExecutors>;
