// The feature's pages, the company page's tab and the dialogs other code opens by name, loaded on
// demand by the app's registries (see ../index.ts).
export { companyReportsTab } from '../components/company-reports-tab';
export { creditReportDialog } from '../components/credit-report-dialog';
export { generatedListDialog } from '../components/generated-list-dialog';
export { GeneratedReportPage } from './generated-report-page';
export {
  DailyReportsPage,
  MonthlyReportsPage,
  ReportsPage,
  SingleReportsPage,
  WeeklyReportsPage,
} from './reports-page';
