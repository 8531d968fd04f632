// The device configuration page's texts in the shown language (English source in texts/en.ts).
import type { ConfigActionKind, ConfigMethod } from '@netfleet/contracts';
import { localize } from '@/lib/i18n';
import type { ConfigTab } from './paths';
import { en } from './texts/en';

const texts = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});

export const CONFIG_TEXTS = texts.texts;
export const TAB_LABELS: Record<ConfigTab, string> = texts.tabLabels;
export const METHOD_LABELS: Record<ConfigMethod, string> = texts.methodLabels;
export const KIND_LABELS: Record<ConfigActionKind, string> = texts.kindLabels;
/** An action's device counts, as the small badges name them ('5 done'). */
export const COUNT_LABELS = texts.countLabels;
