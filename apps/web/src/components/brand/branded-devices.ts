// Brands may rename device models and series (spec §1 branded_devices, branded_device_series).
import type { Brand } from './brand-schema';

const images = import.meta.glob<string>('@brand/devices/*', {
  eager: true,
  query: '?url',
  import: 'default',
});

export function brandedModel(brand: Pick<Brand, 'branded_devices'>, model: string): string {
  return (
    brand.branded_devices.find((device) => device.original_model === model)?.branded_model ?? model
  );
}

export function brandedSeries(brand: Pick<Brand, 'branded_device_series'>, series: string): string {
  return brand.branded_device_series.find((entry) => entry.original === series)?.branded ?? series;
}

/** URL of the brand's picture for a model, if it ships one. */
export function brandedModelImage(
  brand: Pick<Brand, 'branded_devices'>,
  model: string,
): string | undefined {
  const file = brand.branded_devices.find(
    (device) => device.original_model === model,
  )?.branded_model_image;
  if (!file) return undefined;
  return Object.entries(images).find(([path]) => path.endsWith(`/${file}`))?.[1];
}
