// The job state labels in the shown language (English source in texts/en.ts).
import type { DeviceJobState } from '@netfleet/contracts';
import { localize } from '@/lib/i18n';
import { en } from './texts/en';

const texts = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});

export const JOB_STATE_LABELS: Record<DeviceJobState, string> = texts.jobStates;
