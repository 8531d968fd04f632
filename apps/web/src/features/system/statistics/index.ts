export { ConnectionManagerPage, StatisticsPage } from './pages/statistics-page';
