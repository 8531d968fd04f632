// The VPN pages' texts in the shown language (English source in texts/en.ts).
import { localize } from '@/lib/i18n';
import { en } from './texts/en';

const texts = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});

export const VPN_TEXTS = texts.vpn;
export const STATE_LABELS = texts.stateLabels;
export const CLIENT_TYPE_LABELS = texts.clientTypeLabels;
export const HUB_TAB_LABELS = texts.hubTabLabels;
export const QUICK_TAB_LABELS = texts.quickTabLabels;
export const ZONE_TEXTS = texts.zones;
export const DURATION_TEXTS = texts.durations;
