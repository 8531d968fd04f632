// Validates the chosen brand (BRAND env, default 'default') and publishes its favicon and logos
// under /assets-static (spec §7 static assets); the document title comes from the brand too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { brandSchema, type Brand } from '../src/app/brand/brand-schema.ts';

const STATIC_ASSETS: Record<string, string> = {
  '/assets-static/favicon.svg': 'favicon.svg',
  '/assets-static/img/logo.svg': 'logo.svg',
  '/assets-static/img/logo_dark.svg': 'logo-dark.svg',
  '/assets-static/img/logo_collapsed.svg': 'logo-collapsed.svg',
};

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
