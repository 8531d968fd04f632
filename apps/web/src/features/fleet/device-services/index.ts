// Device services: the device page's 'Dynamic DNS' and 'Site blocking' actions, opened by name
// (app/named-dialogs.ts) because features never import each other.
export { DynamicDns, dynamicDnsDialog } from './components/dynamic-dns-dialog';
export { SiteBlocking, siteBlockingDialog } from './components/site-blocking-dialog';
export type { ServicesDevice } from './components/types';
