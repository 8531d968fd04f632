import { hasPermission } from '@netfleet/contracts';
import { QueryState } from '@/components/query-state';
import { useCurrentUser } from '@/lib/current-user';
import { useRuleSessions } from '../api/sessions';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';
import { SessionsTable } from './sessions-table';
import { useEndSessionAction } from './use-end-session';

/** A rule's sessions (only the active ones, or all); managers can end the active ones. */
export function RuleSessions({ accessId, activeOnly }: { accessId: number; activeOnly: boolean }) {
  const { permissions } = useCurrentUser();
  const end = useEndSessionAction();
  const canEnd = hasPermission(permissions, 'manage_device_remote_access');
  const result = useRuleSessions(accessId, activeOnly);
  return (
    <QueryState result={result} canRetry={false} loaderPadding="md">
      {(sessions) => (
        <SessionsTable
          label={activeOnly ? T.activeSessionsTitle : T.sessions}
          sessions={sessions}
          onEnd={canEnd ? end : undefined}
          emptyMessage={activeOnly ? T.noActiveSessions : T.noSessions}
        />
      )}
    </QueryState>
  );
}
