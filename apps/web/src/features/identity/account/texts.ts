// The account page's texts in the shown language (English source in texts/en.ts): the page's own,
// its two-factor authentication section and set-up dialogs, and its Webhooks section.
import { localize } from '@/lib/i18n';
import { en } from './texts/en';

const texts = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});

export const ACCOUNT_TEXTS = texts.account;
export const MFA_SECTION_TEXTS = texts.mfaSection;
export const MFA_METHOD_LABELS = texts.mfaMethods;
export const MFA_NOT_ENABLED = texts.mfaNotEnabled;
export const MFA_SETUP_TEXTS = texts.mfaSetup;
export const WEBHOOK_EVENT_LABELS = texts.webhookEvents;
export const DELIVERY_STATUS_LABELS = texts.deliveryStatus;
export const WEBHOOK_TEXTS = texts.webhooks;
/** Items of the action messages ('Webhook created successfully'). */
export const ACCOUNT_ITEMS = texts.items;
