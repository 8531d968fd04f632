import type { Notification } from '@netfleet/contracts';
import { AUTOMATION_MESSAGES } from '@netfleet/contracts';
import type { AuthContext, Identity } from '@/modules/identity/auth/auth.types';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';
import { JOB_EXPIRY_SECONDS } from '@/modules/fleet/device-jobs/device-jobs.service';
import { type MailService, SUPPRESSED_MESSAGE } from '@/modules/system/mail/mail.service';
import type { NotificationsService } from '@/modules/system/notifications/notifications.service';
import { expandPlaceholders } from './alert-messages';
import { ACTION_RUN_MESSAGES } from './action-permissions';
import type { ActionsRepository } from './actions.repository';

export type ActionResult =
  { ok: true; ref: Record<string, unknown> } | { ok: false; error: string; permanent: boolean };

export interface ActionInput {
  name: string;
  options: Record<string, unknown>;
  kind: string;
  message: string;
  readingTs: Date;
  deviceId: number;
  deviceName: string;
  companyPath: string;
  owner: Identity;
}

export interface ActionExecutorDeps {
  repository: Pick<ActionsRepository, 'usersNamed'>;
  notifications: Pick<NotificationsService, 'notifyMany'>;
  mail: Pick<MailService, 'deliver'>;
  jobs: Pick<DeviceJobsService, 'createJobs'> | null;
  now: () => Date;
}

const fail = (error: string, permanent = true): ActionResult => ({ ok: false, error, permanent });
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/** The owner as a caller of the jobs service: actions run with the owner's rights. */
const ownerAuth = (owner: Identity, at: Date): AuthContext => ({
  ...owner,
  realUser: owner.user,
  impersonating: false,
  via: 'session',
  sessionId: null,
  tokenId: null,
  exp: Math.floor(at.getTime() / 1000) + 3600,
  passwordConfirmedAt: null,
});

/** What each action does (design §4.6); unknown or not yet wired actions fail at once. */
export const createActionExecutors = (deps: ActionExecutorDeps) => {
  const placeholders = (value: string, input: ActionInput) => expandPlaceholders(value, input);

  const sendNotification = async (input: ActionInput): Promise<ActionResult> => {
    const names = list(input.options.receiving_users);
    const users = await deps.repository.usersNamed(names);
    const found = (name: string) =>
      users.find((user) => String(user.id) === name || user.email === name.toLowerCase());
    const missing = names.find((name) => !found(name));
    if (missing !== undefined) return fail(AUTOMATION_MESSAGES.recipientNotFound(missing));
    const hidden = names.find((name) => !input.companyPath.startsWith(found(name)?.path ?? '\0'));
    if (hidden !== undefined) return fail(ACTION_RUN_MESSAGES.recipientHidden(hidden));
    const extra = placeholders(text(input.options.message), input);
    const summary = extra ? `${input.message}: ${extra}` : input.message;
    const created: Notification[] = await deps.notifications.notifyMany(
      [...new Set(users.map((user) => user.id))].map((userId) => ({
        userId,
        type: 'deviceAlert' as const,
        summary,
      })),
    );
    return { ok: true, ref: { notification_ids: created.map((notification) => notification.id) } };
  };

  const sendEmail = async (input: ActionInput): Promise<ActionResult> => {
    const [to] = list(input.options.receiving_emails);
    if (!to) return fail('No recipient');
    const resolved = input.kind === 'resolved';
    const subject = placeholders(text(input.options.subject), input);
    const body = placeholders(text(input.options.message), input);
    // smtp_config_id is not routed yet: the default server sends (email-configurations does not
    // export its transports).
    const delivery = await deps.mail.deliver({
      to,
      subject: resolved ? `Resolved: ${subject}` : subject,
      text: `${body}\n\n${input.message}`,
    });
    if (delivery.ok) return { ok: true, ref: { to } };
    return fail(delivery.error, delivery.error === SUPPRESSED_MESSAGE);
  };

  const deviceJob = async (input: ActionInput): Promise<ActionResult> => {
    if (!deps.jobs) return fail(ACTION_RUN_MESSAGES.unavailable(input.name));
    const command = input.name === 'Reboot';
    const created = await deps.jobs.createJobs(
      ownerAuth(input.owner, deps.now()),
      [input.deviceId],
      command ? 'reboot' : 'command',
      command
        ? {}
        : {
            command: text(input.options.command),
            ...(typeof input.options.timeout === 'number'
              ? { timeout: input.options.timeout }
              : {}),
          },
      { expiresInSeconds: JOB_EXPIRY_SECONDS.action },
    );
    const [job] = created.jobs;
    if (!job) return fail(created.errors[0]?.message ?? ACTION_RUN_MESSAGES.deviceHidden);
    return { ok: true, ref: { job_id: job.id } };
  };

  return async (input: ActionInput): Promise<ActionResult> => {
    switch (input.name) {
      case 'SendNotification':
        return sendNotification(input);
      case 'SendEmail':
        return sendEmail(input);
      case 'Reboot':
      case 'RunCommand':
        return deviceJob(input);
      default:
        return fail(ACTION_RUN_MESSAGES.unavailable(input.name));
    }
  };
};

export type ActionExecutor = ReturnType<typeof createActionExecutors>;
