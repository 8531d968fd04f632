import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  retry: 'Prøv igjen',
  selectRow: (id: string) => `Velg rad ${id}`,
  selectedRows: 'Valgte rader',
  selected: (count: number) => `${count} valgt`,
  clearSelection: 'Fjern valg',
  columns: 'Kolonner',
  filterColumn: (label: string) => `Filtrer ${label}`,
  all: 'Alle',
  selectAllOnPage: 'Velg alle rader på denne siden',
  showing: (first: number, last: number, total: number | string) =>
    `Viser ${first}–${last} av ${total}`,
  rowsPerPage: 'Rader per side',
  page: (page: number) => `Side ${page}`,
  pageControls: {
    first: 'første side',
    previous: 'forrige side',
    next: 'neste side',
    last: 'siste side',
  },
  searchIn: 'Søk i',
  search: 'Søk',
  clearSearch: 'Tøm søk',
  actionsFor: (label: string) => `Handlinger for ${label}`,
  exportCsv: 'Eksporter CSV',
  exporting: 'Eksporterer…',
  exportingProgress: (done: number, total: number) => `Eksporterer ${done} av ${total}`,
  exportFailed: 'Kunne ikke eksportere CSV',
  noRecords: 'Ingen oppføringer funnet',
  loadFailed: 'Kunne ikke laste inn data',
  saveColumnsFailed: 'Kunne ikke lagre kolonnevalget',
};
