import { useCallback, useMemo } from 'react';
import { hasPermission, type AccessRule } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { actionFailureMessage, actionSuccessMessage } from '@/lib/messages';
import { useDeleteAccessRules } from '../api/delete-access-rules';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';
import { openAddAccessRule, openEditAccessRule } from './access-rule-dialogs';
import { openAccessInfo } from './access-info-dialog';
import { openConnectDialog, type DeviceRef } from './connect-dialogs';
import { NameList } from './name-list';

export interface AccessActions {
  /** manage_device_remote_access: without it only info is offered. */
  allowed: boolean;
  add: (device?: DeviceRef) => void;
  edit: (rule: AccessRule) => void;
  connect: (rule: AccessRule) => void;
  info: (rule: AccessRule) => void;
  /** Asks first, naming the rules; `onRemoved` runs once they are gone. */
  remove: (rules: readonly AccessRule[], onRemoved?: () => void) => void;
}

/** What can be done with access rules, shared by the pages, the tables and the device tab. */
export function useAccessActions(): AccessActions {
  const { permissions } = useCurrentUser();
  const { mutateAsync } = useDeleteAccessRules();

  const remove = useCallback(
    (rules: readonly AccessRule[], onRemoved?: () => void) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: T.deleteTitle,
          message: <NameList intro={T.deleteConfirm} names={rules.map((rule) => rule.name)} />,
          confirmText: T.delete,
          danger: true,
        });
        if (!confirmed) return;
        try {
          await mutateAsync(rules.map((rule) => rule.id));
          toast.success(actionSuccessMessage(T.item, 'remove'));
          onRemoved?.();
        } catch (error) {
          const serverMessage = isApiError(error) ? error.message : null;
          toast.error(actionFailureMessage({ item: T.item, verb: 'remove', serverMessage }));
        }
      })();
    },
    [mutateAsync],
  );

  return useMemo(
    () => ({
      allowed: hasPermission(permissions, 'manage_device_remote_access'),
      add: openAddAccessRule,
      edit: openEditAccessRule,
      connect: openConnectDialog,
      info: openAccessInfo,
      remove,
    }),
    [permissions, remove],
  );
}
