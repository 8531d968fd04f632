// The shell's texts in the shown language (English source in texts/en.ts): i18next's resources
// (./i18n) and the plain objects of the app layer's module-level lists.
import { localize } from '@/lib/i18n';
import { en } from './texts/en';

export const APP_TEXTS = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});
