// Schema forms' texts in the shown language, shared by the components and their tests.
import { localize } from '@/lib/i18n';
import { en } from './texts/en';

export const SCHEMA_FORM_TEXTS = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});
