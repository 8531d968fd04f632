import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { configActionAnswerSchema, type ConfigAction } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { toast, useFailureToast } from '@/components/toasts';
import { useRollbackAction } from '../api/rollback-action';
import { actionTitle } from '../model/states';
import { actionLink } from '../paths';
import { CONFIG_TEXTS as T } from '../texts';

export interface Rollback {
  pending: boolean;
  /** Rolls the action back on the given devices, or on all that applied it; asks first. */
  rollback: (deviceIds?: readonly number[]) => void;
}

/** Rolling an action back, then showing the rollback (a new action) as it runs. */
export function useRollback(action: ConfigAction): Rollback {
  const navigate = useNavigate();
  const { mutateAsync, isPending } = useRollbackAction(action.name);
  const failureToast = useFailureToast();
  const title = actionTitle(action);
  const { completed } = action;

  const rollback = useCallback(
    (deviceIds?: readonly number[]) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: T.rollbackTitle,
          message: deviceIds
            ? T.rollbackDevicesConfirm(title, deviceIds.length)
            : T.rollbackConfirm(title, completed),
          confirmText: T.rollback,
          danger: true,
        });
        if (!confirmed) return;
        try {
          const response = await mutateAsync(deviceIds ? { device_id: [...deviceIds] } : {});
          toast.success(T.rollbackStarted);
          void navigate(actionLink(configActionAnswerSchema.parse(response).meta.action_name));
        } catch (error) {
          failureToast(T.rollbackFailed)(error);
        }
      })();
    },
    [title, completed, mutateAsync, navigate, failureToast],
  );

  return useMemo(() => ({ pending: isPending, rollback }), [isPending, rollback]);
}
