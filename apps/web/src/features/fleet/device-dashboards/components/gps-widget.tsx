import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { Device } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import type { DateRange } from '@/components/date-range';
import { DeviceMap, type MapPoint } from '@/components/map';
import { useLatestReading, useLocations, useMapSettings } from '../api/get-widget-data';
import { currentFix, trackPoints } from '../model/gps';
import { DASHBOARD_TEXTS as T } from '../texts';
import { Empty, LoadError, Loading } from './states';

const MAP_HEIGHT = 260;
const NO_POINTS: MapPoint[] = [];

interface GpsBodyProps {
  device: Device;
  track: boolean;
  period: DateRange;
}

/** The device on the map at its last fix (with its time) and, if chosen, its track of the period. */
export function GpsBody({ device, track, period }: GpsBodyProps) {
  const latest = useLatestReading(device.id, 'gps');
  const history = useLocations(device.id, period, track);
  const settings = useMapSettings();
  const fix = latest.data === undefined ? null : currentFix(latest.data, device);
  // Only the coordinates are inputs: a refetch with the same fix must not refit the map.
  const latitude = fix?.latitude ?? null;
  const longitude = fix?.longitude ?? null;
  const { name } = device;
  const position = useMemo<MapPoint | null>(
    () =>
      latitude === null || longitude === null
        ? null
        : { id: 'current', latitude, longitude, label: `${name}: ${T.gps.current}` },
    [latitude, longitude, name],
  );
  const points = useMemo(
    () => (track && history.data ? trackPoints(history.data, formatDateTime) : NO_POINTS),
    [track, history.data],
  );

  if (latest.isPending || settings.isPending || (track && history.isPending)) return <Loading />;
  if (latest.isError || (track && history.isError)) {
    return <LoadError message={T.readingFailed} />;
  }
  if (!fix) return <Empty message={T.gps.noPosition} />;
  return (
    <Stack gap={6}>
      <DeviceMap
        label={T.gps.map(device.name)}
        position={position}
        points={points}
        tileUrl={settings.data?.tile_url ?? null}
        tileAttribution={settings.data?.tile_attribution ?? null}
        height={MAP_HEIGHT}
      />
      <Text size="xs" c="dimmed">
        {fix.at ? T.gps.lastFix(formatDateTime(fix.at)) : T.gps.placed}
        {track && ` · ${T.gps.positions(points.length)}`}
      </Text>
    </Stack>
  );
}
