import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  dialog: {
    close: 'Lukk',
    minimize: 'Minimer',
    maximize: 'Maksimer',
    restoreSize: 'Gjenopprett størrelse',
    help: 'Hjelp',
    restore: (title: string) => `Gjenopprett ${title}`,
    closeMinimized: (title: string) => `Lukk ${title}`,
    minimizedBar: 'Minimerte vinduer',
    confirmTitle: 'Bekreft',
    confirm: 'Bekreft',
    cancel: 'Avbryt',
    ok: 'OK',
    errorTitle: 'Feil',
    required: (label: string) => `${label} er påkrevd`,
  },
  viewer: {
    copy: 'Kopier',
    copied: 'Kopiert',
    download: 'Last ned',
    document: (title: string) => `Innholdet i ${title}`,
  },
};
