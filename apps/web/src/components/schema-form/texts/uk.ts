import { plural, type Translation } from '@/lib/i18n';
import type { en } from './en';

const characters = (n: number) =>
  plural(n, {
    one: '{{count}} символ',
    few: '{{count}} символи',
    many: '{{count}} символів',
    other: '{{count}} символу',
  });

export const uk: Translation<typeof en> = {
  submit: 'Надіслати',
  cancel: 'Скасувати',
  generate: 'Згенерувати',
  required: 'Це поле обов’язкове',
  minLength: (n: number) => `Має містити щонайменше ${characters(n)}`,
  maxLength: (n: number) => `Може містити щонайбільше ${characters(n)}`,
  min: (n: number) => `Має бути не менше ${n}`,
  max: (n: number) => `Має бути не більше ${n}`,
  step: (n: number) => `Має бути кратним ${n}`,
  notANumber: 'Має бути числом',
  pattern: 'Неправильний формат',
  mask: (mask: string) => `Не відповідає формату ${mask}`,
  email: 'Неправильна адреса електронної пошти',
  fileNotAccepted: 'Цей тип файлу не підтримується',
  dropFile: 'Перетягніть файл сюди або натисніть, щоб вибрати',
  loading: 'Завантаження форми',
  loadFailed: 'Не вдалося завантажити форму',
  optionsFailed: 'Не вдалося завантажити список',
  nothingFound: 'Нічого не знайдено',
  listInvalidItem: (item: string) => `"${item}" не є допустимим значенням`,
  listMaxItems: (n: number) =>
    `Можна додати щонайбільше ${plural(n, {
      one: '{{count}} елемент',
      few: '{{count}} елементи',
      many: '{{count}} елементів',
      other: '{{count}} елемента',
    })}`,
  listRemove: (item: string) => `Видалити ${item}`,
  csvUpload: 'Завантажити CSV',
  csvExample: 'Приклад CSV',
  addRow: 'Додати рядок',
  removeRow: (n: number) => `Видалити рядок ${n}`,
  tableEmpty: 'Рядків ще немає',
  formNotFound: 'Форму не знайдено',
  formNotFoundDescription: 'Можливо, посилання застаріле або введене з помилкою.',
  backHome: 'Повернутися на початкову сторінку',
  noFormPermission: 'У вас немає дозволу на використання цієї форми.',
};
