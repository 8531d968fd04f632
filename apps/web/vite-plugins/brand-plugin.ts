// Validates the chosen brand (BRAND env, default 'default') and publishes its favicon and logos
// under /assets-static (spec §7 static assets); the document title comes from the brand too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { brandSchema, type Brand } from '../src/components/brand/brand-schema.ts';

const STATIC_ASSETS: Record<string, string> = {
  '/assets-static/favicon.svg': 'favicon.svg',
  '/assets-static/img/logo.svg': 'logo.svg',
  '/assets-static/img/logo_dark.svg': 'logo-dark.svg',
  '/assets-static/img/logo_collapsed.svg': 'logo-collapsed.svg',
};

// The server's rule for BRAND (apps/server/src/config.ts): one folder name, never a path.
const BRAND_NAME = /^[a-z0-9][a-z0-9_-]*$/i;
export const DEFAULT_BRAND = 'default';

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The folder of the brand BRAND names (unset or empty: the default brand). A bad name or a
 * missing folder stops the build with one line saying which brands exist.
 */
export function resolveBrandDir(brandsDir: string, name: string | undefined): string {
  const brand = name || DEFAULT_BRAND;
  const available = () =>
    readdirSync(brandsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
      .join(', ');
  if (!BRAND_NAME.test(brand)) {
    throw new Error(
      `BRAND=${JSON.stringify(brand)} is not a brand folder name (letters, digits, - and _, starting with a letter or digit; available: ${available()})`,
    );
  }
  const brandDir = join(brandsDir, brand);
  if (!isDirectory(brandDir)) {
    throw new Error(
      `BRAND=${JSON.stringify(brand)}: there is no brand folder ${brandDir} (available: ${available()})`,
    );
  }
  return brandDir;
}

export function loadBrand(brandDir: string): Brand {
  const raw: unknown = JSON.parse(readFileSync(join(brandDir, 'brand.json'), 'utf8'));
  const parsed = brandSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`Invalid brand.json in ${brandDir}: ${parsed.error.message}`);
  }
  return parsed.data;
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

export function brandPlugin(brandDir: string): Plugin {
  const brand = loadBrand(brandDir);
  return {
    name: 'netfleet-brand',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = STATIC_ASSETS[req.url?.split('?')[0] ?? ''];
        if (!file) {
          next();
          return;
        }
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(readFileSync(join(brandDir, file)));
      });
    },
    transformIndexHtml(html) {
      return html.replace('%BRAND_TITLE%', escapeHtml(brand.full_application_name));
    },
    generateBundle() {
      for (const [url, file] of Object.entries(STATIC_ASSETS)) {
        this.emitFile({
          type: 'asset',
          fileName: url.slice(1),
          source: readFileSync(join(brandDir, file)),
        });
      }
    },
  };
}
