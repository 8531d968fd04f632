import { Image, useComputedColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useBrand } from './brand-context';

interface BrandLogoProps {
  /** The square mark only (narrow navigation). */
  collapsed?: boolean;
  h: number;
  alt?: string;
}

const FADE_MS = 200;

/**
 * The brand's logo, in its dark-background variant when the console is dark. Switching between
 * the full logo and the mark (the navigation collapsing) fades the new one in, unless the user
 * asked for reduced motion.
 */
export function BrandLogo({ collapsed = false, h, alt }: BrandLogoProps) {
  const brand = useBrand();
  const dark = useComputedColorScheme('light') === 'dark';
  const src = collapsed ? brand.logoCollapsedUrl : dark ? brand.logoDarkUrl : brand.logoUrl;
  const ref = useRef<HTMLImageElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const image = ref.current;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // jsdom has no Web Animations; a browser without them simply swaps the image.
    if (!image || reduced || typeof image.animate !== 'function') return;
    image.animate([{ opacity: 0 }, { opacity: 1 }], { duration: FADE_MS, easing: 'ease-out' });
  }, [collapsed]);
  return <Image ref={ref} src={src} alt={alt ?? brand.application_name} h={h} w="auto" />;
}
