// The brand this bundle was built for (BRAND env → the @brand alias). brand.json is validated
// here as well as at build time so a bad file can never reach the browser silently.
import brandJson from '@brand/brand.json';
import logoUrl from '@brand/logo.svg';
import logoCollapsedUrl from '@brand/logo-collapsed.svg';
import logoDarkUrl from '@brand/logo-dark.svg';
import { DEFAULT_START_PATH } from '@netfleet/contracts';
import { brandSchema, type Brand } from './brand-schema';

export interface BrandAssets {
  logoUrl: string;
  /** The same logo for dark backgrounds (dark text becomes light). */
  logoDarkUrl: string;
  logoCollapsedUrl: string;
}

export interface LoadedBrand extends Brand, BrandAssets {}

export const buildBrand: LoadedBrand = {
  ...brandSchema.parse(brandJson),
  logoUrl,
  logoDarkUrl,
  logoCollapsedUrl,
};

/** Where the logo links to (spec §1): the console's start page. */
export const LOGO_TARGET = DEFAULT_START_PATH;
