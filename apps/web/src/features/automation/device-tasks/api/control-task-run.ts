import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelTaskRunBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { deviceTasksKeys, TASK_RUNS_PATH } from './keys';

export type RunControl =
  { action: 'pause' } | { action: 'resume' } | { action: 'cancel'; body: CancelTaskRunBody };

/** Pauses, resumes or cancels a run (or some of its devices); everything shown is read again. */
export function useControlTaskRun(runId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (control: RunControl) =>
      api.post<unknown>(`${TASK_RUNS_PATH}/${runId}/${control.action}`, {
        body: control.action === 'cancel' ? control.body : undefined,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceTasksKeys.all }),
  });
}
