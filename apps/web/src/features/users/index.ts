export { ImpersonationLogsPage } from './pages/impersonation-logs-page';
