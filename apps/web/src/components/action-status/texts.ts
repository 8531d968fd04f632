// The 'Action status' dialog's texts in the shown language, shared by its components and tests.
import type { StatusUpdate } from '@netfleet/contracts';
import { localize } from '@/lib/i18n';
import { en } from './texts/en';

const texts = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});

export const ACTION_STATUS_TEXTS = texts.actionStatus;
export const STATUS_LABELS: Record<StatusUpdate['status'], string> = texts.statusLabels;

export const STATUS_COLORS: Record<StatusUpdate['status'], string> = {
  started: 'blue',
  progress: 'cyan',
  warning: 'yellow',
  error: 'red',
  completed: 'green',
};

/** An item is finished once it completed or failed; warnings may still be followed by more. */
export const isFinished = (update: StatusUpdate | undefined): boolean =>
  update?.status === 'completed' || update?.status === 'error';
