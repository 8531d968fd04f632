import type { TaskGroup } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { QueryState } from '@/components/query-state';
import { useTaskGroup } from '../api/get-task-group';
import { TASK_TEXTS as T } from '../texts';
import { RunForm } from './run-form';

// The steps are read afresh: the variables come from the commands as saved now.
function RunDialogContent({ groupId }: { groupId: number }) {
  const result = useTaskGroup(groupId);
  return (
    <QueryState result={result} notFoundTitle={T.notFound}>
      {(group) => <RunForm group={group} />}
    </QueryState>
  );
}

export function openRunDialog(group: Pick<TaskGroup, 'id' | 'name'>): void {
  dialogs.open({
    id: 'device-tasks.run',
    title: T.runTitle(group.name),
    size: 'lg',
    main: true,
    content: <RunDialogContent groupId={group.id} />,
  });
}
