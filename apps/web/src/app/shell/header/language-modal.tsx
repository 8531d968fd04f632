import { Select } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { COOKIES, RELOAD_DELAY_LANGUAGE_MS, type Language } from '@netfleet/contracts';
import { writeCookie } from '@/lib/cookies';
import { uiLanguage } from '@/lib/i18n';
import { sessionHooks } from '@/lib/session-hooks';

interface LanguageFormProps {
  /** The languages the brand offers (offeredLanguages), each under its own name. */
  languages: readonly Language[];
  onDone: () => void;
}

/** Spec §4: the language is stored in a cookie and the page reloads after 1 s. */
export function LanguageForm({ languages, onDone }: LanguageFormProps) {
  const { t } = useTranslation();
  const choose = (code: string | null) => {
    if (!code || code === uiLanguage()) return;
    // The new language's catalogues load with the page: until the reload, all stays as it is.
    writeCookie(COOKIES.translation, code);
    onDone();
    setTimeout(() => sessionHooks().reload(), RELOAD_DELAY_LANGUAGE_MS);
  };
  return (
    <Select
      label={t('header.language')}
      data={languages.map((language) => ({ value: language.code, label: language.nativeName }))}
      defaultValue={uiLanguage()}
      onChange={choose}
      searchable
      comboboxProps={{ withinPortal: false }}
    />
  );
}

export function openLanguageModal(title: string, languages: readonly Language[]): void {
  const id = modals.open({
    title,
    children: <LanguageForm languages={languages} onDone={() => modals.close(id)} />,
  });
}
