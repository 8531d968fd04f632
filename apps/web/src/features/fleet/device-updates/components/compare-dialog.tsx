import type { FileInfo } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { olderFirst } from '../model/comparison';
import { UPDATE_TEXTS as T } from '../texts';
import { BackupComparisonView } from './backup-comparison-view';

/** What changed from the older of two backups to the newer one. */
export function openCompareDialog(a: FileInfo, b: FileInfo): void {
  const [older, newer] = olderFirst(a, b);
  dialogs.open({
    id: 'device-updates.compare',
    title: T.compareTitle,
    subtitle: T.compareSubtitle(older.name, newer.name),
    size: 'xl',
    maximizable: true,
    content: <BackupComparisonView older={older.id} newer={newer.id} />,
  });
}
