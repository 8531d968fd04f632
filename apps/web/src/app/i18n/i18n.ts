// i18next with the shown language (the translation cookie's, when it has a catalogue: spec §9),
// its shell texts loaded before the app renders (./texts) and English as the fallback.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '@netfleet/contracts';
import { uiLanguage } from '@/lib/i18n';
import { APP_TEXTS } from './texts';
import { en } from './texts/en';

const language = uiLanguage();
// Screen readers, spelling and hyphenation follow the language the console shows.
if (typeof document !== 'undefined') document.documentElement.lang = language;

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: language,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { [DEFAULT_LANGUAGE]: { translation: en }, [language]: { translation: APP_TEXTS } },
  interpolation: { escapeValue: false },
  initAsync: false,
});
