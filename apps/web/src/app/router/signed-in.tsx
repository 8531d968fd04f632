// What only signed-in users need, kept out of the initial bundle so the public pages (login,
// register...) load without it: the realtime connection, Mantine's modals, the 'Action status'
// dialogs and the shell. One chunk, fetched while the startup gate loads the session.
import { ModalsProvider } from '@mantine/modals';
import { Outlet } from 'react-router';
import { RealtimeProvider } from '@/lib/realtime';
import { ActionStatusHost } from '@/components/action-status';

export { AppShellLayout } from '@/app/shell/app-shell-layout';

/**
 * One realtime connection for the session, Mantine's modals (modals.open...; the public pages
 * use none) and the 'Action status' dialogs.
 */
export function SignedInLayout() {
  return (
    <RealtimeProvider>
      <ModalsProvider>
        <Outlet />
      </ModalsProvider>
      <ActionStatusHost />
    </RealtimeProvider>
  );
}
