// The reports pages', dialogs' and forms' texts in the shown language (English source in
// texts/en.ts).
import type {
  ReportAppliedBy,
  ReportParameter,
  ReportPeriod,
  ReportType,
} from '@netfleet/contracts';
import { localize } from '@/lib/i18n';
import { en } from './texts/en';

const texts = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});

export const REPORT_TEXTS = texts.texts;
export const PARAMETER_LABELS: Readonly<Record<ReportParameter, string>> = texts.parameters;
export const PERIOD_LABELS: Readonly<Record<ReportPeriod, string>> = texts.periods;
/** How a periodic report repeats. */
export const REPEAT_LABELS: Readonly<Record<Exclude<ReportPeriod, 'custom'>, string>> =
  texts.repeats;
export const TYPE_LABELS: Readonly<Record<ReportType, string>> = texts.types;
export const APPLIED_BY_LABELS: Readonly<Record<ReportAppliedBy, string>> = texts.appliedBy;
/** The form's choice of what a report applies to (its pickers are named in the plural). */
export const APPLIED_BY_OPTIONS: Readonly<Record<ReportAppliedBy, string>> = texts.appliedByOptions;
/** The device figures' column labels. */
export const FIELD_LABELS = texts.fields;
