import type { DataCollectConfig } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { DATA_COLLECTION_TEXTS as T } from '../texts';
import { AssignForm } from './assign-form';

/** Assigns the config to devices picked in a dialog. */
export function openAssignDialog(config: DataCollectConfig): void {
  dialogs.open({
    id: 'data-collection.assign',
    title: T.assignTitle(config.config.name),
    size: 'lg',
    main: true,
    content: <AssignForm config={config} />,
  });
}
