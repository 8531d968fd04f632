import {
  AUTOMATION_MESSAGES,
  type AutomationAction,
  type ConditionsBody,
  ERROR_CODES,
  hasPermission,
  type Permission,
} from '@netfleet/contracts';
import { ApiError, invalid } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { MailRepository } from '@/modules/system/mail/mail.repository';
import { SUPPRESSED_MESSAGE } from '@/modules/system/mail/mail.service';
import type { WebhooksRepository } from '@/modules/system/webhooks/webhooks.repository';
import type { AutomationRefsRepository } from './automation-refs.repository';

/** The permission an action needs besides managing automations (design §4.9). */
const ACTION_PERMISSIONS: Partial<Record<AutomationAction['name'], Permission>> = {
  Reboot: 'update_devices',
  ExportBackup: 'update_devices',
  RunCommand: 'update_devices',
  TaskManagerAction: 'manage_device_task_groups',
  SendWebhook: 'manage_webhooks',
};

interface Branch {
  actions: AutomationAction[];
  conditions?: Branch[] | undefined;
}

/** Every action of the body, nested if/else branches included, with its body path. */
export const actionsOf = (body: ConditionsBody): { action: AutomationAction; path: string }[] => {
  const walk = (branch: Branch, at: string): { action: AutomationAction; path: string }[] => [
    ...branch.actions.map((action, index) => ({ action, path: `${at}.actions.${index}` })),
    ...(branch.conditions ?? []).flatMap((nested, index) =>
      walk(nested, `${at}.conditions.${index}`),
    ),
  ];
  return body.flatMap((condition, index) => walk(condition, `conditions_body.${index}`));
};

export interface ActionCheckDeps {
  refs: Pick<AutomationRefsRepository, 'taskGroups' | 'smtpConfigs' | 'users'>;
  webhooks: Pick<WebhooksRepository, 'find'>;
  mail: Pick<MailRepository, 'isSuppressed'>;
}

const forbiddenAt = (message: string, source: string) =>
  new ApiError(403, ERROR_CODES.FORBIDDEN, message, source);

const userIdOf = (recipient: string) =>
  /^[1-9]\d{0,9}$/.test(recipient) ? Number(recipient) : null;

/**
 * The caller may use every action of the body: the permission it needs (403 at its name), and what
 * it names is the caller's to use (422 at the option). The first problem is answered.
 */
export const createActionChecks = ({ refs, webhooks, mail }: ActionCheckDeps) => ({
  async check(auth: AuthContext, body: ConditionsBody) {
    const actions = actionsOf(body);
    for (const { action, path } of actions) {
      const permission = ACTION_PERMISSIONS[action.name];
      if (permission && !hasPermission(auth.permissions, permission))
        throw forbiddenAt(
          AUTOMATION_MESSAGES.actionForbidden(action.name, permission),
          `${path}.name`,
        );
    }
    for (const { action, path } of actions) {
      const at = `${path}.options`;
      switch (action.name) {
        case 'TaskManagerAction': {
          const id = Number(action.options.task_group_id);
          if (!(await refs.taskGroups(auth, [id])).has(id))
            throw invalid(AUTOMATION_MESSAGES.taskGroupNotFound(id), `${at}.task_group_id`);
          break;
        }
        case 'SendWebhook': {
          const id = action.options.webhook_id;
          if (!(await webhooks.find(auth.user.id, id)))
            throw invalid(AUTOMATION_MESSAGES.webhookNotFound(id), `${at}.webhook_id`);
          break;
        }
        case 'SendEmail': {
          const { smtp_config_id: smtp, receiving_emails: emails } = action.options;
          if (smtp !== undefined && !(await refs.smtpConfigs(auth, [smtp])).has(smtp))
            throw invalid(AUTOMATION_MESSAGES.smtpConfigNotFound(smtp), `${at}.smtp_config_id`);
          for (const [index, email] of emails.entries())
            if (await mail.isSuppressed(email))
              throw invalid(SUPPRESSED_MESSAGE, `${at}.receiving_emails.${index}`);
          break;
        }
        case 'SendNotification': {
          const recipients = action.options.receiving_users;
          const ids = recipients.flatMap((recipient) => userIdOf(recipient) ?? []);
          const emails = recipients
            .filter((recipient) => userIdOf(recipient) === null)
            .map((recipient) => recipient.toLowerCase());
          const found = await refs.users(auth, { ids, emails });
          recipients.forEach((recipient, index) => {
            const id = userIdOf(recipient);
            const known =
              id === null ? found.emails.has(recipient.toLowerCase()) : found.ids.has(id);
            if (!known)
              throw invalid(
                AUTOMATION_MESSAGES.recipientNotFound(recipient),
                `${at}.receiving_users.${index}`,
              );
          });
          break;
        }
        default:
          break;
      }
    }
  },
});

export type ActionChecks = ReturnType<typeof createActionChecks>;
