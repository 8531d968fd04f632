// Notifications (spec §3/§4/§7): the header bell for the app layer and the /notifications page.
export { NotificationsBell } from './components/notifications-bell';

/**
 * The page loads on demand: the bell is part of every page, so exporting the page from here
 * directly would pull it into the main bundle.
 */
export const loadNotificationsPage = () => import('./pages/notifications-page');
