// English texts of the small shared components (breadcrumbs, chart and map loaders, dialog form
// footer, map clusters).
import { plural } from '@/lib/i18n';

export const en = {
  breadcrumb: 'Breadcrumb',
  loadingChart: 'Loading chart',
  loadingMap: 'Loading map',
  cancel: 'Cancel',
  positions: (count: number) =>
    plural(count, { one: '{{count}} position', other: '{{count}} positions' }),
} as const;
