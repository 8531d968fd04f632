import { hasPermission, type TaskGroupDetail } from '@netfleet/contracts';
import { useDialog } from '@/components/dialogs';
import { QueryState } from '@/components/query-state';
import { toast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { useTaskGroup } from '../api/get-task-group';
import { useCreateTaskGroup, useUpdateTaskGroup } from '../api/save-task-group';
import { newStep, stepOfTask, type TaskGroupFormValues } from '../model/task-group-form';
import { TASK_TEXTS as T } from '../texts';
import { TaskGroupForm } from './task-group-form';

/** A new group of the user's company (or another one it picks), starting with one step. */
export function CreateTaskGroup() {
  const user = useCurrentUser();
  const dialog = useDialog();
  const { mutateAsync } = useCreateTaskGroup();
  const save = async (values: TaskGroupFormValues) => {
    await mutateAsync(values);
    toast.success(T.groupCreated);
    dialog?.close();
  };
  return (
    <TaskGroupForm
      defaultValues={{
        name: '',
        company_id: user.company_id,
        success_tag_id: [],
        failed_tag_id: [],
        tasks: [newStep()],
      }}
      companyPicker={
        hasPermission(user.permissions, 'view_companies')
          ? { id: user.company_id, name: user.company_name }
          : undefined
      }
      submitLabel={T.create}
      onSubmit={save}
    />
  );
}

function EditForm({ group }: { group: TaskGroupDetail }) {
  const dialog = useDialog();
  const { mutateAsync } = useUpdateTaskGroup(group.id);
  // The company stays: a group never moves to another one.
  const save = async ({ name, success_tag_id, failed_tag_id, tasks }: TaskGroupFormValues) => {
    await mutateAsync({ name, success_tag_id, failed_tag_id, tasks });
    toast.success(T.groupUpdated);
    dialog?.close();
  };
  return (
    <TaskGroupForm
      defaultValues={{
        name: group.name,
        company_id: group.company_id,
        success_tag_id: group.success_tag_id,
        failed_tag_id: group.failed_tag_id,
        tasks: [...group.tasks].sort((a, b) => a.order - b.order).map(stepOfTask),
      }}
      submitLabel={T.save}
      onSubmit={save}
    />
  );
}

/** The saved group, read afresh with its steps, in the same form. */
export function EditTaskGroup({ groupId }: { groupId: number }) {
  const result = useTaskGroup(groupId);
  return (
    <QueryState result={result} notFoundTitle={T.notFound}>
      {(group) => <EditForm group={group} />}
    </QueryState>
  );
}
