import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  actionStatus: {
    title: 'Handlingsstatus',
    close: 'Lukk',
    minimize: 'Minimer',
    restore: (title: string) => `Vis ${title}`,
    minimizedBar: 'Minimert handlingsstatus',
    waiting: 'Venter på oppdateringer…',
    item: 'Element',
    status: 'Status',
    details: 'Detaljer',
    expired: 'Statusen for denne handlingen er ikke lenger tilgjengelig.',
    failed: 'Kunne ikke hente handlingsstatusen',
    open: 'Åpne',
    download: 'Last ned',
    itemLabel: (item: string) => `#${item}`,
    progress: (value: number, total: number) => `${value} av ${total}`,
    summary: (done: number, total: number) => `${done} av ${total} fullført`,
  },
  statusLabels: {
    started: 'Startet',
    progress: 'Pågår',
    warning: 'Advarsel',
    error: 'Feil',
    completed: 'Fullført',
  },
};
