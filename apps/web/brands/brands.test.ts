import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeByName } from '@netfleet/contracts';
import { brandSchema } from '@/components/brand/brand-schema';
import { UI_LANGUAGES } from '@/lib/i18n/languages';

const brandsDir = import.meta.dirname;
const brands = readdirSync(brandsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function load(name: string) {
  return brandSchema.parse(JSON.parse(readFileSync(join(brandsDir, name, 'brand.json'), 'utf8')));
}

describe.each(brands)('brand %s', (name) => {
  it('has a valid brand.json and every asset', () => {
    const brand = load(name);
    for (const file of ['logo.svg', 'logo-dark.svg', 'logo-collapsed.svg', 'favicon.svg']) {
      expect(existsSync(join(brandsDir, name, file)), file).toBe(true);
    }
    for (const device of brand.branded_devices) {
      if (device.branded_model_image) {
        expect(existsSync(join(brandsDir, name, device.branded_model_image))).toBe(true);
      }
    }
  });

  it('disables only known routes', () => {
    for (const route of load(name).disabled_routes) expect(routeByName(route), route).toBeDefined();
  });

  it('offers only shipped interface languages (absent: all of them)', () => {
    for (const code of load(name).languages ?? []) expect(UI_LANGUAGES, code).toContain(code);
  });
});

describe('the two shipped brands', () => {
  it('default is the dark red default theme', () => {
    const brand = load('default');
    expect(brand.default_theme).toBe(true);
    expect(brand.show_company_data).toBe(true);
    expect(brand.disabled_routes).toEqual([]);
  });

  it('northwind is not the default theme, hides company data, disables remote.mobile and brands a model and a series', () => {
    const brand = load('northwind');
    expect(brand.default_theme).toBe(false);
    expect(brand.show_company_data).toBe(false);
    expect(brand.disabled_routes).toContain('remote.mobile');
    expect(brand.branded_devices).toHaveLength(1);
    expect(brand.branded_device_series).toHaveLength(1);
  });
});
