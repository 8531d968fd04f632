// i18next with the language from the translation cookie (spec §9); English is the fallback and,
// for now, the only bundled language.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { COOKIES, DEFAULT_LANGUAGE } from '@netfleet/contracts';
import { readCookie } from '@/lib/cookies';
import { en } from './en';

export function currentLanguage(): string {
  return readCookie(COOKIES.translation) ?? DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: currentLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
});
