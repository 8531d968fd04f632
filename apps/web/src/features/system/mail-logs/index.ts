export { MailLogsPage } from './pages/mail-logs-page';
