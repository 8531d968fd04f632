import { Image, useComputedColorScheme } from '@mantine/core';
import { useBrand } from './brand-context';

interface BrandLogoProps {
  /** The square mark only (narrow navigation). */
  collapsed?: boolean;
  h: number;
  alt?: string;
}

/** The brand's logo, in its dark-background variant when the console is dark. */
export function BrandLogo({ collapsed = false, h, alt }: BrandLogoProps) {
  const brand = useBrand();
  const dark = useComputedColorScheme('light') === 'dark';
  const src = collapsed ? brand.logoCollapsedUrl : dark ? brand.logoDarkUrl : brand.logoUrl;
  return <Image src={src} alt={alt ?? brand.application_name} h={h} w="auto" />;
}
