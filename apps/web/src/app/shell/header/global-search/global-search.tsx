import { useEffect, useState } from 'react';
import { Button, Kbd, Modal } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GlobalSearchPanel } from './global-search-panel';
import { useSearchKinds } from './use-search-kinds';

const SHORTCUT = '/';

/** True while the key goes into a field, where '/' is just a character. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === 'INPUT' ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT'
  );
}

/** Header search button and dialog; '/' opens it. Hidden when no kind may be searched. */
export function GlobalSearch() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { available, selected, toggle } = useSearchKinds();
  const enabled = available.length > 0;

  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== SHORTCUT || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || isTyping(event.target)) return;
      // Keeps the '/' out of the search box that is about to take focus.
      event.preventDefault();
      setOpened(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);

  if (!enabled) return null;
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          <Kbd size="xs" aria-hidden>
            {SHORTCUT}
          </Kbd>
        }
        aria-keyshortcuts={SHORTCUT}
        onClick={() => setOpened(true)}
      >
        {t('search.button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('search.title')} size="lg">
        <GlobalSearchPanel
          available={available}
          selected={selected}
          onToggleKind={toggle}
          onClose={() => setOpened(false)}
        />
      </Modal>
    </>
  );
}
