// The spec's shared messages and code labels in the shown language (English source: contracts
// MESSAGES and labels.ts); the contracts' validation messages have their own catalogue (validation/).
import { localize } from '@/lib/i18n';
import { en } from './texts/en';

const texts = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});

export const MESSAGE_TEXTS = texts.messages;
export const LABEL_TEXTS = texts.labels;
export const ACTION_TEXTS = texts.actions;
