import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { hasPermission, type TaskGroup } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { useDeleteTaskGroup } from '../api/delete-task-group';
import { groupRunsSearch, TASK_MANAGER_ROUTE } from '../paths';
import { TASK_TEXTS as T } from '../texts';
import { openRunDialog } from './run-dialog';
import { openCreateTaskGroup, openEditTaskGroup } from './task-group-dialogs';

type GroupRef = Pick<TaskGroup, 'id' | 'name'>;

export interface TaskGroupActions {
  /** manage_device_task_groups: without it groups and runs can only be looked at. */
  allowed: boolean;
  create: () => void;
  edit: (group: GroupRef) => void;
  run: (group: GroupRef) => void;
  /** Asks first; a group with a run still going is refused by the server, whose reason shows. */
  remove: (group: GroupRef) => void;
  viewRuns: (group: GroupRef) => void;
}

/** New, edit, run and delete of task groups, shared by the groups table and a group's runs. */
export function useTaskGroupActions(): TaskGroupActions {
  const { permissions } = useCurrentUser();
  const navigate = useNavigate();
  const { mutateAsync } = useDeleteTaskGroup();

  const remove = useCallback(
    (group: GroupRef) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: T.deleteTitle,
          message: T.deleteConfirm(group.name),
          confirmText: T.delete,
          danger: true,
        });
        if (!confirmed) return;
        try {
          await mutateAsync(group.id);
          toast.success(T.groupRemoved);
        } catch (error) {
          const serverMessage = isApiError(error) ? error.message : null;
          toast.error(serverMessage || T.groupRemoveFailed);
        }
      })();
    },
    [mutateAsync],
  );

  return useMemo(
    () => ({
      allowed: hasPermission(permissions, 'manage_device_task_groups'),
      create: openCreateTaskGroup,
      edit: openEditTaskGroup,
      run: openRunDialog,
      remove,
      viewRuns: (group) =>
        void navigate({ pathname: TASK_MANAGER_ROUTE, search: groupRunsSearch(group.id) }),
    }),
    [permissions, remove, navigate],
  );
}
