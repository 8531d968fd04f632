import { plural, type Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  expand: (title: string) => `Åpne ${title} i full størrelse`,
  expandTooltip: 'Full størrelse',
  zoom: 'Vist periode',
  zoomFrom: 'Start på vist periode',
  zoomTo: 'Slutt på vist periode',
  resetZoom: 'Vis alt',
  points: (shown: number, total: number) =>
    plural(total, { one: `${shown} av {{count}} punkt`, other: `${shown} av {{count}} punkter` }),
  downloadCsv: 'Last ned CSV',
  legend: 'Forklaring',
  series: 'Serie',
  min: 'Min.',
  max: 'Maks.',
  average: 'Gjennomsnitt',
  last: 'Siste',
  none: '—',
  time: 'Tid',
};
