import { Group, Image, Text, Tooltip } from '@mantine/core';
import { useBrand } from './brand-context';
import { brandedModel, brandedModelImage, brandedSeries } from './branded-devices';

interface Props {
  model: string | null;
  /** The device's series (first four characters of its model, spec §3). */
  series?: string | null | undefined;
  /** The brand's picture of the model beside its name (the device page, not table rows). */
  withImage?: boolean;
  /** Shown when the device has not told its model yet. */
  fallback: string;
}

/**
 * A device model as the brand names it (spec §1 branded_devices, branded_device_series); the
 * original model stays reachable in the tooltip, as support and firmware files use it.
 */
export function BrandedModel({ model, series, withImage = false, fallback }: Props) {
  const brand = useBrand();
  if (!model) return <>{fallback}</>;
  const name = brandedModel(brand, model);
  const seriesName = series ? brandedSeries(brand, series) : null;
  const image = withImage ? brandedModelImage(brand, model) : undefined;
  const label = seriesName && seriesName !== series ? `${name} (${seriesName})` : name;
  const text = (
    <Group gap={6} wrap="nowrap" component="span">
      {image && <Image src={image} alt="" h={24} w="auto" fit="contain" />}
      <Text span inherit>
        {label}
      </Text>
    </Group>
  );
  if (label === model) return text;
  return (
    <Tooltip label={model}>
      <span>{text}</span>
    </Tooltip>
  );
}
