import { useSearchParams } from 'react-router';
import { GROUP_PARAM, readId, RUN_PARAM } from '../paths';
import { GroupRunsView } from './group-runs-view';
import { RunDetailView } from './run-detail-view';
import { TaskGroupsView } from './task-groups-view';

/** Route `task-manager`: the groups, one group's runs (`?group=`) or one run (`?run=`). */
export function TaskManagerPage() {
  const [params] = useSearchParams();
  const runId = readId(params.get(RUN_PARAM));
  const groupId = readId(params.get(GROUP_PARAM));
  // Keyed: another run or group starts afresh (its table's own state included).
  if (runId !== undefined) return <RunDetailView key={runId} runId={runId} />;
  if (groupId !== undefined) return <GroupRunsView key={groupId} groupId={groupId} />;
  return <TaskGroupsView />;
}
