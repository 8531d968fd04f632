import { plural, type Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  tags: 'Tagger',
  tag: 'Tagg',
  newTag: 'Ny tagg',
  editTag: 'Rediger tagg',
  name: 'Navn',
  description: 'Beskrivelse',
  color: 'Farge',
  colorHelp: 'La stå tom for standardfargen',
  company: 'Firma',
  devices: 'Enheter',
  createdAt: 'Opprettet',
  updatedAt: 'Oppdatert',
  defaultColor: 'Standard',
  edit: 'Rediger',
  delete: 'Slett',
  actions: 'Handlinger',
  rowActions: (name: string) => `Handlinger for ${name}`,
  deleteTitle: 'Slett tagg',
  deleteConfirm: (name: string) => `Slette taggen ${name}?`,
  bulkDeleteTitle: 'Slett tagger',
  bulkDeleteConfirm: (count: number) =>
    plural(count, {
      one: 'Slette {{count}} valgt tagg?',
      other: 'Slette {{count}} valgte tagger?',
    }),
  bulkPartial: (removed: number, total: number) => `${removed} av ${total} tagger fjernet`,
  empty: 'Ingen tagger funnet',
  searchPlaceholder: 'Søk etter navn eller beskrivelse',
  notFound: 'Fant ikke taggen',
  details: 'Taggdetaljer',
  loading: 'Laster',
  none: '—',
  items: {
    tag: 'taggen',
    tags: 'taggene',
  },
};
