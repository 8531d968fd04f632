import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const uk: Translation<typeof en> = {
  retry: 'Повторити',
  selectRow: (id: string) => `Вибрати рядок ${id}`,
  selectedRows: 'Вибрані рядки',
  selected: (count: number) => `Вибрано: ${count}`,
  clearSelection: 'Скасувати вибір',
  columns: 'Стовпці',
  filterColumn: (label: string) => `Фільтр: ${label}`,
  all: 'Усі',
  selectAllOnPage: 'Вибрати всі рядки на цій сторінці',
  showing: (first: number, last: number, total: number | string) =>
    `Показано ${first}–${last} з ${total}`,
  rowsPerPage: 'Рядків на сторінці',
  page: (page: number) => `Сторінка ${page}`,
  pageControls: {
    first: 'перша сторінка',
    previous: 'попередня сторінка',
    next: 'наступна сторінка',
    last: 'остання сторінка',
  },
  searchIn: 'Шукати в',
  search: 'Пошук',
  clearSearch: 'Очистити пошук',
  actionsFor: (label: string) => `Дії для ${label}`,
  exportCsv: 'Експорт CSV',
  exporting: 'Експорт…',
  exportingProgress: (done: number, total: number) => `Експорт ${done} з ${total}`,
  exportFailed: 'Не вдалося експортувати CSV',
  noRecords: 'Записів не знайдено',
  loadFailed: 'Не вдалося завантажити дані',
  saveColumnsFailed: 'Не вдалося зберегти вибір стовпців',
};
