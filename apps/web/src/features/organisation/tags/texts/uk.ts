import { plural, type Translation } from '@/lib/i18n';
import type { en } from './en';

export const uk: Translation<typeof en> = {
  tags: 'Теги',
  tag: 'Тег',
  newTag: 'Новий тег',
  editTag: 'Редагувати тег',
  name: 'Назва',
  description: 'Опис',
  color: 'Колір',
  colorHelp: 'Залиште порожнім для кольору за замовчуванням',
  company: 'Компанія',
  devices: 'Пристрої',
  createdAt: 'Створено',
  updatedAt: 'Оновлено',
  defaultColor: 'За замовчуванням',
  edit: 'Редагувати',
  delete: 'Видалити',
  actions: 'Дії',
  rowActions: (name: string) => `Дії для ${name}`,
  deleteTitle: 'Видалити тег',
  deleteConfirm: (name: string) => `Видалити тег ${name}?`,
  bulkDeleteTitle: 'Видалити теги',
  bulkDeleteConfirm: (count: number) =>
    plural(count, {
      one: 'Видалити {{count}} вибраний тег?',
      few: 'Видалити {{count}} вибрані теги?',
      many: 'Видалити {{count}} вибраних тегів?',
      other: 'Видалити {{count}} вибраного тегу?',
    }),
  bulkPartial: (removed: number, total: number) => `Видалено тегів: ${removed} з ${total}`,
  empty: 'Теги не знайдено',
  searchPlaceholder: 'Пошук за назвою або описом',
  notFound: 'Тег не знайдено',
  details: 'Відомості про тег',
  loading: 'Завантаження',
  none: '—',
  items: {
    tag: 'тег',
    tags: 'теги',
  },
};
