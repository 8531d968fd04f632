import type { ConfigTemplate } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { CONFIG_TEXTS as T } from '../texts';
import { CreateTemplate, EditTemplate } from './template-editor';

// One template editor at a time: a new one replaces the one open.
const EDITOR_ID = 'device-configuration.template-editor';

export function openCreateTemplate(): void {
  dialogs.open({
    id: EDITOR_ID,
    title: T.newTemplate,
    size: 'xl',
    maximizable: true,
    main: true,
    content: <CreateTemplate />,
  });
}

export function openEditTemplate(template: Pick<ConfigTemplate, 'id' | 'name'>): void {
  dialogs.open({
    id: EDITOR_ID,
    title: T.editTemplate,
    subtitle: template.name,
    size: 'xl',
    maximizable: true,
    main: true,
    content: <EditTemplate templateId={template.id} />,
  });
}
