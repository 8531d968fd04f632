export { FilesPage } from './pages/files-page';
export { CompanyFilesPanel } from './components/company-files-panel';
