import type { ConfigTemplate } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { CONFIG_TEXTS as T } from '../texts';
import { ApplyForm } from './apply-form';

/** Sends the template to devices picked in a dialog, after a confirm prompt. */
export function openApplyDialog(template: ConfigTemplate): void {
  dialogs.open({
    id: 'device-configuration.apply',
    title: T.applyTitle(template.name),
    subtitle: template.version,
    size: 'lg',
    main: true,
    content: <ApplyForm template={template} />,
  });
}
