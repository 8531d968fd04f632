import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '@netfleet/contracts';

export interface MobileNav {
  isMobile: boolean;
  opened: boolean;
  toggle: () => void;
  close: () => void;
}

/** Below 768 px the menu button opens the nav over the page, locking page scroll (spec §2). */
export function useMobileNav(): MobileNav {
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`) ?? false;
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  useEffect(() => close(), [pathname, close]);

  const locked = isMobile && opened;
  useEffect(() => {
    if (!locked) return undefined;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [locked]);

  return { isMobile, opened, toggle, close };
}
