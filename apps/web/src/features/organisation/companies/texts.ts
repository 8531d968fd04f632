// The companies pages' and forms' texts in the shown language (English source in texts/en.ts).
import { localize } from '@/lib/i18n';
import { en } from './texts/en';

export const COMPANY_TEXTS = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});
