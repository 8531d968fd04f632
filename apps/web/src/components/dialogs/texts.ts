// The dialog manager's and ready-made dialogs' texts in the shown language, shared with the tests.
import { localize } from '@/lib/i18n';
import { en } from './texts/en';

const texts = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});

export const DIALOG_TEXTS = texts.dialog;
export const VIEWER_TEXTS = texts.viewer;
