// The files page's texts in the shown language (English source in texts/en.ts).
import type { FileType } from '@netfleet/contracts';
import { localize } from '@/lib/i18n';
import { en } from './texts/en';

const texts = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});

export const FILES_TEXTS = texts.files;
export const FILE_TYPE_LABELS: Readonly<Record<FileType, string>> = texts.types;

/** The item named in the description form's success notification (its own English text). */
export const ITEM = 'file';
