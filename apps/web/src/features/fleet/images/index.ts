export { ImagesPage } from './pages/images-page';
