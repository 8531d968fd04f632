import { plural } from '@/lib/i18n';

// English texts of the shared charts and the 'chart' dialog.
export const en = {
  expand: (title: string) => `Open ${title} full size`,
  expandTooltip: 'Full size',
  zoom: 'Shown period',
  zoomFrom: 'Start of the shown period',
  zoomTo: 'End of the shown period',
  resetZoom: 'Show all',
  points: (shown: number, total: number) =>
    plural(total, { one: `${shown} of {{count}} point`, other: `${shown} of {{count}} points` }),
  downloadCsv: 'Download CSV',
  legend: 'Legend',
  series: 'Series',
  min: 'Min',
  max: 'Max',
  average: 'Average',
  last: 'Last',
  none: '—',
  time: 'Time',
} as const;
