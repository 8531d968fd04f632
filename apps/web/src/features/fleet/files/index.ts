export { FilesPage } from './pages/files-page';
