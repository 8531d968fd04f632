import { BackupsExplainer } from '../components/backups-explainer';
import { DeviceUpdatesPage } from './device-updates-page';

/** Route `upload-backup`: the devices' backups to compare or restore, and the restores under way. */
export function UploadBackupPage() {
  return <DeviceUpdatesPage kind="backup" intro={<BackupsExplainer />} />;
}
