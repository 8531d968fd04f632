import type { Identity } from '@/modules/identity/auth/auth.types';

/** Owning a rule is managing alerts: an owner who lost that runs no more actions. */
const OWNING = 'manage_device_alert_configurations';

/** What each action needs of the owner besides owning the rule (design §4.9). */
const ACTION_PERMISSIONS: Record<string, string> = {
  Reboot: 'update_devices',
  ExportBackup: 'update_devices',
  RunCommand: 'update_devices',
  TaskManagerAction: 'manage_device_task_groups',
  SendWebhook: 'manage_webhooks',
};

export const ACTION_RUN_MESSAGES = {
  noOwner: 'The automation has no owner: its actions do not run',
  ownerDisabled: "The automation's owner is disabled",
  forbidden: (name: string, permission: string) =>
    `The automation's owner may not use the ${name} action: it needs the ${permission} permission`,
  deviceHidden: "The device is not in the automation owner's companies",
  unavailable: (name: string) => `The ${name} action is not available yet`,
  recipientHidden: (recipient: string) => `User ${recipient} cannot see the device`,
} as const;

/** Null when the owner may run the action on a device of `devicePath`, else why not. */
export const actionRefusal = (
  name: string,
  owner: Identity | null,
  devicePath: string | null,
): string | null => {
  if (!owner) return ACTION_RUN_MESSAGES.noOwner;
  if (owner.user.disabledAt) return ACTION_RUN_MESSAGES.ownerDisabled;
  for (const permission of [OWNING, ACTION_PERMISSIONS[name]])
    if (permission && !owner.permissions.has(permission))
      return ACTION_RUN_MESSAGES.forbidden(name, permission);
  if (devicePath === null || !devicePath.startsWith(owner.company.path))
    return ACTION_RUN_MESSAGES.deviceHidden;
  return null;
};
