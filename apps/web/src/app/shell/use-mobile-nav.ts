import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '@netfleet/contracts';
import { isMobilePlatform } from './mobile-platform';

export interface MobileNav {
  isMobile: boolean;
  /** The mobile layout was asked for by the platform parameter, whatever the width. */
  forced: boolean;
  opened: boolean;
  toggle: () => void;
  close: () => void;
}

/**
 * Below 768 px, or on a mobile platform, the menu button opens the nav over the page, locking
 * page scroll (spec §2).
 */
export function useMobileNav(): MobileNav {
  const narrowScreen = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`) ?? false;
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname, search } = useLocation();
  const forced = useMemo(() => isMobilePlatform(search), [search]);
  const isMobile = narrowScreen || forced;

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

  return { isMobile, forced, opened, toggle, close };
}
