export { CompaniesPage } from './pages/companies-page';
export { CompanyTreePage } from './pages/company-tree-page';
export { CompanyPage, createCompanyPage } from './pages/company-page';
export { moveUsersDialog } from './components/move-users-dialog';
export type { CompanySubTab, CompanyTab, CompanyTabProps } from './components/company-tabs';
