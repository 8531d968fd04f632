export { UpdateFirmwarePage } from './pages/update-firmware-page';
export { UploadBackupPage } from './pages/upload-backup-page';
