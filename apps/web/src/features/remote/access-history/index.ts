export { AccessHistoryPage } from './pages/access-history-page';
