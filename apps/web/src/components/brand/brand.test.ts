import { describe, expect, it } from 'vitest';
import { testBrand } from '@/test/fixtures';
import { brandTheme, colorShades } from './brand-theme';
import { brandedModel, brandedModelImage, brandedSeries } from './branded-devices';

const northwind = {
  branded_devices: [
    {
      original_model: 'RUT241',
      branded_model: 'NW-241',
      branded_model_image: 'devices/nw-241.svg',
    },
  ],
  branded_device_series: [{ original: 'RUTX', branded: 'NWX' }],
};

describe('brand theme', () => {
  it('builds ten shades with the brand colour as the primary shade', () => {
    const shades = colorShades('#9b1c1c');
    expect(shades).toHaveLength(10);
    expect(shades[6]).toBe('#9b1c1c');
    expect(shades[0]).not.toBe(shades[9]);
    for (const shade of shades) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('uses the brand colour as the primary colour', () => {
    const theme = brandTheme(testBrand);
    expect(theme.primaryColor).toBe('brand');
    expect(theme.colors?.brand?.[6]).toBe('#9b1c1c');
  });
});

describe('branded devices', () => {
  it('renames models and series the brand lists, keeps others', () => {
    expect(brandedModel(northwind, 'RUT241')).toBe('NW-241');
    expect(brandedModel(northwind, 'RUT955')).toBe('RUT955');
    expect(brandedSeries(northwind, 'RUTX')).toBe('NWX');
    expect(brandedSeries(northwind, 'TRB1')).toBe('TRB1');
  });

  it('has no image for models the brand does not picture', () => {
    expect(brandedModelImage(northwind, 'RUT955')).toBeUndefined();
  });
});
