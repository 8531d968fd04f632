import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SCROLL_TOP_THRESHOLD_PX } from '@netfleet/contracts';

export function ScrollToTop() {
  const { t } = useTranslation();
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={{ bottom: 24, left: 24 }}>
      <Transition transition="slide-up" mounted={scroll.y > SCROLL_TOP_THRESHOLD_PX}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="lg"
            radius="xl"
            variant="filled"
            aria-label={t('shell.scrollTop')}
            onClick={() => scrollTo({ y: 0 })}
          >
            <IconArrowUp size={18} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
