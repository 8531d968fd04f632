// The data collection pages' texts in the shown language (English source in texts/en.ts).
import type { DataCollectVariableType } from '@netfleet/contracts';
import { localize } from '@/lib/i18n';
import type { ConfigTab } from './paths';
import { en } from './texts/en';

export const DATA_COLLECTION_TEXTS = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});

export const TAB_LABELS: Record<ConfigTab, string> = DATA_COLLECTION_TEXTS.tabLabels;

export const VARIABLE_TYPE_LABELS: Record<DataCollectVariableType, string> =
  DATA_COLLECTION_TEXTS.variableTypes;
