// The automation and silence pages' texts in the shown language (English source in texts/en.ts).
import type {
  AutomationActionName,
  AutomationLogKind,
  AutomationParameterSource,
} from '@netfleet/contracts';
import { localize } from '@/lib/i18n';
import type { AutomationTab } from './paths';
import { en } from './texts/en';

export const texts = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});

export const AUTOMATIONS_TEXTS = texts.texts;
export const TAB_LABELS: Record<AutomationTab, string> = texts.tabLabels;
export const SOURCE_LABELS: Partial<Record<AutomationParameterSource, string>> = texts.sourceLabels;
export const ACTION_LABELS: Record<AutomationActionName, string> = texts.actionLabels;
export const KIND_LABELS: Record<AutomationLogKind, string> = texts.kindLabels;
export const ACTION_STATUS_LABELS: Record<number, string> = texts.actionStatusLabels;
export const OPERATOR_LABELS: Record<string, string> = texts.operatorLabels;
export const ENUM_LABELS = texts.enumLabels;
export const PARAMETER_LABELS = texts.parameterLabels;
export const SECOND_MODEM = texts.secondModem;

/** A failure toast: the text of the verb, with the answer's status text when there is one. */
export const failedText = (text: string, statusText: string | null | undefined): string =>
  statusText ? `${text} (${statusText})` : text;
