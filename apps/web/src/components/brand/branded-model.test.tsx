import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testBrand } from '@/test/fixtures';
import { BrandProvider } from './brand-context';
import { BrandedModel } from './branded-model';

const northwind = {
  ...testBrand,
  branded_devices: [{ original_model: 'RUT241', branded_model: 'NW-241' }],
  branded_device_series: [{ original: 'RUTX', branded: 'NWX' }],
};

const show = (model: string | null, series?: string) =>
  render(
    <MantineProvider>
      <BrandProvider brand={northwind}>
        <BrandedModel model={model} series={series} fallback="—" />
      </BrandProvider>
    </MantineProvider>,
  );

describe('BrandedModel', () => {
  it('shows the model and series as the brand names them', () => {
    show('RUT241', 'RUTX');
    expect(screen.getByText('NW-241 (NWX)')).toBeInTheDocument();
  });

  it('keeps models the brand does not list, and says when there is none', () => {
    show('RUT955', 'RUT9');
    expect(screen.getByText('RUT955')).toBeInTheDocument();
    show(null);
    expect(screen.getByText('—')).toBeInTheDocument();
  });
});
