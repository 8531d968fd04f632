// The submit pipeline's dialog texts in the shown language, shared with the tests.
import { localize } from '@/lib/i18n';
import { en } from './texts/en';

const texts = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});

export const MFA_TEXTS = texts.mfa;
/** A 207 answer's warning: the request succeeded for some items only. */
export const PARTIAL_TEXTS = texts.partial;
