export { TaskManagerPage } from './pages/task-manager-page';
