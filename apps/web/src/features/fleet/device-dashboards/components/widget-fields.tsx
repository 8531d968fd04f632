import { Select, Text } from '@mantine/core';
import type { DeviceDashboardIoPin } from '@netfleet/contracts';
import { useCompanyImages, useLatestReading } from '../api/get-widget-data';
import { readingPins } from '../model/io';
import { DASHBOARD_TEXTS as T } from '../texts';
import { LoadError } from './states';

// What the IO and image widgets need chosen: a pin the device reports (or all of them) and one of
// the company's images.

/** The option value of "every pin"; a pin's is `type:name`. */
const ALL_PINS = '';
const pinValue = (pin: DeviceDashboardIoPin) => `${pin.type}:${pin.name}`;

interface PinFieldProps {
  deviceId: number;
  value: DeviceDashboardIoPin | null;
  onChange: (pin: DeviceDashboardIoPin | null) => void;
}

/** Every pin's current level, or one pin of the latest IO reading to chart. */
export function PinField({ deviceId, value, onChange }: PinFieldProps) {
  const latest = useLatestReading(deviceId, 'io');
  const pins = readingPins(latest.data ?? null);
  const data = [
    { value: ALL_PINS, label: T.io.allPins },
    ...pins.map((pin) => ({
      value: pinValue(pin),
      label: T.io.pinOption(T.io.pinTypes[pin.type], pin.name),
    })),
  ];
  return (
    <Select
      label={T.io.pin}
      data={data}
      allowDeselect={false}
      value={value ? pinValue(value) : ALL_PINS}
      description={latest.isSuccess && pins.length === 0 ? T.io.noPins : undefined}
      onChange={(next) => {
        const pin = pins.find((candidate) => pinValue(candidate) === next);
        onChange(pin ? { type: pin.type, name: pin.name } : null);
      }}
    />
  );
}

interface ImageFieldProps {
  companyId: number;
  value: number | null;
  onChange: (imageId: number) => void;
}

/** One of the device's company's dashboard images, by name. */
export function ImageField({ companyId, value, onChange }: ImageFieldProps) {
  const images = useCompanyImages(companyId);
  if (images.isError) return <LoadError message={T.image.imagesFailed} />;
  if (images.isSuccess && images.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {T.image.noImages}
      </Text>
    );
  }
  return (
    <Select
      label={T.image.image}
      required
      searchable
      disabled={images.isPending}
      data={(images.data ?? []).map((image) => ({
        value: String(image.id),
        label: image.description ? `${image.name} · ${image.description}` : image.name,
      }))}
      value={value === null ? null : String(value)}
      onChange={(next) => next && onChange(Number(next))}
    />
  );
}
