import { Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { formatDateTime } from '@/components/data-table';
import { RangePicker, type DateRange } from '@/components/date-range';
import { DeviceMap, type MapPoint } from '@/components/map';
import { useLocations, useMapSettings } from '../api/get-information';
import { METRIC_PRESETS } from '../model/date-range';
import type { LocationRow } from '../model/readings';
import { DEVICE_TEXTS as T } from '../texts';
import { PositionControls } from './position-controls';
import { LoadError, Loading } from './states';
import type { DeviceTabProps } from './tab-props';
import { usePositionEditor } from './use-position-editor';

export const toMapPoints = (rows: readonly LocationRow[]): MapPoint[] =>
  rows.map((row) => ({
    id: row.datetime,
    latitude: row.latitude,
    longitude: row.longitude,
    label: formatDateTime(row.datetime),
  }));

/**
 * The device's position and its GPS history in the period, clustered (spec §3); a user with
 * update_devices can place the device on the map.
 */
export function LocationTab({ device }: DeviceTabProps) {
  const [range, setRange] = useState<DateRange>({ preset: '24h' });
  const history = useLocations(device.id, range, METRIC_PRESETS);
  const settings = useMapSettings();
  const editor = usePositionEditor(device);
  // The reported position, else where a user placed the device. Only the coordinates are inputs:
  // a live status change must not refit the map.
  const latitude = device.latitude ?? device.user_set_latitude;
  const longitude = device.longitude ?? device.user_set_longitude;
  const { name } = device;
  const position = useMemo<MapPoint | null>(
    () =>
      latitude === null || longitude === null
        ? null
        : { id: 'current', latitude, longitude, label: `${name}: ${T.currentPosition}` },
    [latitude, longitude, name],
  );
  const points = useMemo(() => toMapPoints(history.data ?? []), [history.data]);

  if (history.isError) return <LoadError error={history.error} />;
  return (
    <Stack gap="md">
      <RangePicker presets={METRIC_PRESETS} value={range} onChange={setRange} />
      <PositionControls device={device} editor={editor} />
      {history.isPending || settings.isPending ? (
        <Loading />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {points.length === 0 ? T.noPositions : T.positions(points.length)}
          </Text>
          <DeviceMap
            label={T.map}
            position={position}
            points={points}
            tileUrl={settings.data?.tile_url ?? null}
            tileAttribution={settings.data?.tile_attribution ?? null}
            onPick={editor.picking ? editor.pick : undefined}
          />
        </>
      )}
    </Stack>
  );
}
