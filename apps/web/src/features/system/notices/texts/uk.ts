import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const uk: Translation<typeof en> = {
  important: 'Важливо',
  item: 'оголошення',
  control: 'Глобальні оголошення',
  listTitle: 'Глобальні оголошення',
  pageTitle: 'Глобальні оголошення',
  tableLabel: 'Глобальні оголошення',
  empty: 'Оголошень не знайдено',
  search: 'Пошук оголошень',
  createNotice: 'Нове оголошення',
  editNotice: 'Редагувати оголошення',
  type: 'Тип',
  message: 'Повідомлення',
  messageHelp:
    'Дозволене форматування: <b>, <i>, <em>, <strong>, <a href="…"> і <img src="https://…">. Інші теги показуються як текст.',
  preview: 'Попередній перегляд',
  previewEmpty: 'Тут повідомлення виглядатиме так, як його побачать користувачі.',
  enabled: 'Увімкнено',
  enabledAt: 'Коли увімкнено',
  draft: 'Вимкнено',
  actions: 'Дії',
  save: 'Зберегти',
  cancel: 'Скасувати',
  edit: (id: number) => `Редагувати оголошення ${id}`,
  toggle: (id: number) => `Увімкнути оголошення ${id}`,
  remove: (id: number) => `Видалити оголошення ${id}`,
  deleteTitle: 'Видалити оголошення',
  deleteConfirm: 'Видалити це оголошення? Користувачі одразу перестануть його бачити.',
  delete: 'Видалити',
  typeLabels: {
    info: 'Інформація',
    warning: 'Попередження',
    critical: 'Критично',
  },
};
