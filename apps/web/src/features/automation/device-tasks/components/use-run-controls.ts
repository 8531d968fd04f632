import { useCallback, useMemo } from 'react';
import { hasPermission, type TaskGroupLog, type TaskRun } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { useFailureToast, toast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { useControlTaskRun, type RunControl } from '../api/control-task-run';
import { endsSchedule } from '../model/states';
import { TASK_TEXTS as T } from '../texts';

export interface RunControls {
  /** manage_device_task_groups: without it the run can only be watched. */
  allowed: boolean;
  pending: boolean;
  pause: () => void;
  resume: () => void;
  /** Asks first. */
  cancel: () => void;
  /** Cancels one device's run, after asking. */
  cancelDevice: (log: Pick<TaskGroupLog, 'device_id' | 'device_name'>) => void;
}

const confirmed = (title: string, message: string, confirmText: string) =>
  confirmDialog({ title, message, confirmText, cancelText: T.keepRunning, danger: true });

/** Pause, resume and cancel of a run, each followed by a toast saying how it went. */
export function useRunControls(
  run: Pick<TaskRun, 'id' | 'group_name' | 'recurrence' | 'status'>,
): RunControls {
  const { permissions } = useCurrentUser();
  const { mutateAsync, isPending } = useControlTaskRun(run.id);
  const failureToast = useFailureToast();

  const send = useCallback(
    (control: RunControl, done: string) =>
      mutateAsync(control)
        .then(() => toast.success(done))
        .catch(failureToast(T.controlFailed)),
    [mutateAsync, failureToast],
  );

  const schedule = endsSchedule(run);
  const cancel = useCallback(() => {
    void (async () => {
      const asked = schedule
        ? confirmed(T.cancelSchedule, T.cancelScheduleConfirm(run.group_name), T.cancelSchedule)
        : confirmed(T.cancelRunTitle, T.cancelRunConfirm(run.group_name), T.cancelRun);
      if (await asked)
        await send({ action: 'cancel', body: {} }, schedule ? T.scheduleCancelled : T.cancelled);
    })();
  }, [run.group_name, schedule, send]);

  const cancelDevice = useCallback(
    (log: Pick<TaskGroupLog, 'device_id' | 'device_name'>) => {
      void (async () => {
        const message = T.cancelDeviceConfirm(log.device_name);
        if (await confirmed(T.cancelDeviceTitle, message, T.cancelDevice))
          await send(
            { action: 'cancel', body: { device_id: [log.device_id] } },
            T.deviceCancelled(log.device_name),
          );
      })();
    },
    [send],
  );

  return useMemo(
    () => ({
      allowed: hasPermission(permissions, 'manage_device_task_groups'),
      pending: isPending,
      pause: () => void send({ action: 'pause' }, T.paused),
      resume: () => void send({ action: 'resume' }, T.resumed),
      cancel,
      cancelDevice,
    }),
    [permissions, isPending, send, cancel, cancelDevice],
  );
}
