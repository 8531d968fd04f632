import type { TaskGroup } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { TASK_TEXTS as T } from '../texts';
import { CreateTaskGroup, EditTaskGroup } from './task-group-editor';

// One group editor at a time: a new one replaces the one open.
const EDITOR_ID = 'device-tasks.group-editor';

export function openCreateTaskGroup(): void {
  dialogs.open({
    id: EDITOR_ID,
    title: T.newGroup,
    size: 'xl',
    maximizable: true,
    main: true,
    content: <CreateTaskGroup />,
  });
}

export function openEditTaskGroup(group: Pick<TaskGroup, 'id' | 'name'>): void {
  dialogs.open({
    id: EDITOR_ID,
    title: T.editGroup,
    subtitle: group.name,
    size: 'xl',
    maximizable: true,
    main: true,
    content: <EditTaskGroup groupId={group.id} />,
  });
}
