import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const uk: Translation<typeof en> = {
  filterLabel: 'Фільтр за компанією',
  allCompanies: 'Усі компанії',
  noCompanies: 'Компаній не знайдено',
};
