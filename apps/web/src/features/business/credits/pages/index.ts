// The feature's pages, the company page's resources tab and the set pack dialog, loaded on demand
// by the app's page and dialog registries (see ../index.ts).
export { companyResourcesTab } from '../components/company-resources-tab';
export { setPackDialog } from '../components/set-pack-dialog';
export { CodesPage } from './codes-page';
export { CreditHistoryPage } from './credit-history-page';
export { DataHistoryPage } from './data-history-page';
export { PoolsPage } from './pools-page';
export { RedeemCodePage } from './redeem-code-page';
