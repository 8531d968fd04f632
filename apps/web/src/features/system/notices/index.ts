// Global notices (spec §3/§4): the header control for the app layer and the /notices admin page.
export { NoticesControl } from './components/notices-control';

/**
 * The admin page loads on demand: the header control is part of every page, so exporting the page
 * from here directly would pull it (and its form) into the main bundle.
 */
export const loadNoticesAdminPage = () => import('./pages/notices-admin-page');
