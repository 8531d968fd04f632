import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  important: 'Viktig',
  item: 'melding',
  control: 'Globale meldinger',
  listTitle: 'Globale meldinger',
  pageTitle: 'Globale meldinger',
  tableLabel: 'Globale meldinger',
  empty: 'Fant ingen meldinger',
  search: 'Søk i meldinger',
  createNotice: 'Ny melding',
  editNotice: 'Rediger melding',
  type: 'Type',
  message: 'Melding',
  messageHelp:
    'Tillatt formatering: <b>, <i>, <em>, <strong>, <a href="…"> og <img src="https://…">. Andre tagger vises som tekst.',
  preview: 'Forhåndsvisning',
  previewEmpty: 'Meldingen vises her slik brukerne vil se den.',
  enabled: 'Aktivert',
  enabledAt: 'Aktivert',
  draft: 'Deaktivert',
  actions: 'Handlinger',
  save: 'Lagre',
  cancel: 'Avbryt',
  edit: (id: number) => `Rediger melding ${id}`,
  toggle: (id: number) => `Aktiver melding ${id}`,
  remove: (id: number) => `Slett melding ${id}`,
  deleteTitle: 'Slett melding',
  deleteConfirm: 'Slette denne meldingen? Brukerne slutter å se den umiddelbart.',
  delete: 'Slett',
  typeLabels: {
    info: 'Info',
    warning: 'Advarsel',
    critical: 'Kritisk',
  },
};
