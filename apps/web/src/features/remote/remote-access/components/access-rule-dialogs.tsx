import type { AccessRule } from '@netfleet/contracts';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';
import { AccessRuleForm } from './access-rule-form';
import type { DeviceRef } from './connect-dialogs';

/** Spec dialog 'remote access (add)'; with a device, the rule is that device's. */
export function addAccessRuleDialog(device?: DeviceRef): DialogOptions {
  return {
    id: 'remote-access.add',
    title: T.addTitle,
    size: 'md',
    main: true,
    content: <AccessRuleForm device={device} />,
  };
}

export function editAccessRuleDialog(rule: AccessRule): DialogOptions {
  return {
    id: 'remote-access.edit',
    title: T.editTitle,
    subtitle: rule.name,
    size: 'md',
    main: true,
    content: <AccessRuleForm rule={rule} />,
  };
}

export const openAddAccessRule = (device?: DeviceRef) => dialogs.open(addAccessRuleDialog(device));
export const openEditAccessRule = (rule: AccessRule) => dialogs.open(editAccessRuleDialog(rule));
