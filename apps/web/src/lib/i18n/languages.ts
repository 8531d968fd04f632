// The interface languages with complete catalogues (spec §9 names English, Norwegian, Japanese and
// Ukrainian first). The translation cookie may hold any code of LANGUAGES; one without a catalogue
// shows English, and the language menu offers only these.
import { COOKIES, DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@netfleet/contracts';
import { readCookie } from '@/lib/cookies';

export const UI_LANGUAGES = ['en', 'no', 'ja', 'uk'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
/** Every language but English, which is the source of each catalogue. */
export type TranslatedLanguage = Exclude<UiLanguage, 'en'>;

/** BCP 47 locale of each language, for Intl dates, numbers and plural rules. */
export const LOCALES: Record<UiLanguage, string> = {
  en: 'en-US',
  no: 'nb-NO',
  ja: 'ja-JP',
  uk: 'uk-UA',
};

const isUiLanguage = (code: string | null): code is UiLanguage =>
  (UI_LANGUAGES as readonly (string | null)[]).includes(code);

/** The language the console shows: the cookie's when it has a catalogue, else English. */
export function uiLanguage(): UiLanguage {
  const chosen = typeof document === 'undefined' ? null : readCookie(COOKIES.translation);
  return isUiLanguage(chosen) ? chosen : (DEFAULT_LANGUAGE as UiLanguage);
}

/** The locale of the shown language: every Intl formatter of the console uses it. */
export const uiLocale = (): string => LOCALES[uiLanguage()];

/** The languages a brand offers (all shipped ones unless brand.json lists fewer). */
export function offeredLanguages(brandLanguages?: readonly string[]): Language[] {
  const offered = brandLanguages ?? UI_LANGUAGES;
  return LANGUAGES.filter(
    (language) => isUiLanguage(language.code) && offered.includes(language.code),
  );
}
