// The feature's pages and the company page's resources tab, loaded on demand by the app's page
// registry (see ../index.ts).
export { companyResourcesTab } from '../components/company-resources-tab';
export { CodesPage } from './codes-page';
export { CreditHistoryPage } from './credit-history-page';
export { DataHistoryPage } from './data-history-page';
export { PoolsPage } from './pools-page';
export { RedeemCodePage } from './redeem-code-page';
