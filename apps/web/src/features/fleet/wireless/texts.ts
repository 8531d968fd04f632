// The Wi-Fi and hotspot pages' texts in the shown language (English source in texts/en.ts).
import { localize } from '@/lib/i18n';
import { en } from './texts/en';

const texts = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});

export const WIRELESS_TEXTS = texts.wireless;

// The 'Hotspot users' dialog (users live on the device: reads ask it, changes are device jobs).
export const HOTSPOT_USER_TEXTS = texts.hotspotUsers;

// The 'Wi-Fi QR code' dialog: the join code of a network, made in the browser.
export const WIFI_QR_TEXTS = texts.wifiQr;

// The device page's 'Traffic and clients' charts of its Wi-Fi networks (services tab).
export const WIFI_TRAFFIC_TEXTS = texts.wifiTraffic;
