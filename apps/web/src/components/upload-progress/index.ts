export { UploadProgress } from './upload-progress';
