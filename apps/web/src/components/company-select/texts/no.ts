import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  filterLabel: 'Filtrer etter firma',
  allCompanies: 'Alle firmaer',
  noCompanies: 'Fant ingen firmaer',
};
