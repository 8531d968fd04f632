export { ConfirmImpersonationPage } from './pages/confirm-impersonation-page';
export { ImpersonationLogsPage } from './pages/impersonation-logs-page';
export { InvitationsPage } from './pages/invitations-page';
export { MoveLogsPage } from './pages/move-logs-page';
export { UsersPage } from './pages/users-page';
