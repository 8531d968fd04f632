import { Select } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { COOKIES, LANGUAGES, RELOAD_DELAY_LANGUAGE_MS } from '@netfleet/contracts';
import { writeCookie } from '@/lib/cookies';
import { sessionHooks } from '@/lib/session-hooks';
import { currentLanguage } from '@/app/i18n/i18n';

const options = LANGUAGES.map((language) => ({ value: language.code, label: language.nativeName }));

/** Spec §4: the language is stored in a cookie and the page reloads after 1 s. */
export function LanguageForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const choose = (code: string | null) => {
    if (!code || code === currentLanguage()) return;
    writeCookie(COOKIES.translation, code);
    void i18n.changeLanguage(code);
    onDone();
    setTimeout(() => sessionHooks().reload(), RELOAD_DELAY_LANGUAGE_MS);
  };
  return (
    <Select
      label={t('header.language')}
      data={options}
      defaultValue={currentLanguage()}
      onChange={choose}
      searchable
      comboboxProps={{ withinPortal: false }}
    />
  );
}

export function openLanguageModal(title: string): void {
  const id = modals.open({ title, children: <LanguageForm onDone={() => modals.close(id)} /> });
}
