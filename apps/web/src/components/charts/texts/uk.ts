import { plural, type Translation } from '@/lib/i18n';
import type { en } from './en';

export const uk: Translation<typeof en> = {
  expand: (title: string) => `Відкрити «${title}» на весь розмір`,
  expandTooltip: 'На весь розмір',
  zoom: 'Показаний період',
  zoomFrom: 'Початок показаного періоду',
  zoomTo: 'Кінець показаного періоду',
  resetZoom: 'Показати все',
  points: (shown: number, total: number) =>
    plural(total, {
      one: `${shown} з {{count}} точки`,
      few: `${shown} з {{count}} точок`,
      many: `${shown} з {{count}} точок`,
      other: `${shown} з {{count}} точки`,
    }),
  downloadCsv: 'Завантажити CSV',
  legend: 'Легенда',
  series: 'Серія',
  min: 'Мін.',
  max: 'Макс.',
  average: 'Середнє',
  last: 'Останнє',
  none: '—',
  time: 'Час',
};
