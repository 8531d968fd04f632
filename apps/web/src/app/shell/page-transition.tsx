import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useMatches } from 'react-router';

/** Spec §2: the transition name comes from route metadata, toRight by default. */
export const DEFAULT_TRANSITION = 'toRight';
const DURATION_MS = 180;

const FRAMES: Readonly<Record<string, Keyframe[]>> = {
  toRight: [
    { opacity: 0, transform: 'translateX(-12px)' },
    { opacity: 1, transform: 'none' },
  ],
  toLeft: [
    { opacity: 0, transform: 'translateX(12px)' },
    { opacity: 1, transform: 'none' },
  ],
  fade: [{ opacity: 0 }, { opacity: 1 }],
};

/** The route handle's part this reads (router.tsx puts each route's transition there). */
export interface TransitionHandle {
  transition?: string;
}

/**
 * Plays the page's entry transition on every navigation but the first paint. Web Animations
 * leave no style behind once done, so nothing stays transformed (fixed children keep working);
 * users asking for reduced motion get none.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const { pathname } = useLocation();
  const handle = matches.at(-1)?.handle as TransitionHandle | undefined;
  const name = handle?.transition ?? DEFAULT_TRANSITION;
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const page = ref.current;
    const frames = FRAMES[name];
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // jsdom has no Web Animations; there the page simply appears.
    if (!page || !frames || reduced || typeof page.animate !== 'function') return;
    page.animate(frames, { duration: DURATION_MS, easing: 'ease-out' });
    // Only a navigation starts one; the name belongs to the page navigated to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return (
    <div ref={ref} data-transition={name}>
      {children}
    </div>
  );
}
