import { Group, SimpleGrid, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { TimeChart } from '@/components/charts';
import { RangePicker, type DateRange } from '@/components/date-range';
import { useInformation, type RefreshMs } from '../api/get-information';
import { METRIC_PRESETS } from '../model/date-range';
import {
  formatterFor,
  METRIC_CHARTS,
  METRIC_KINDS,
  METRIC_SOURCE,
  type MetricKind,
} from '../model/metric-series';
import { DEVICE_TEXTS as T } from '../texts';
import { RefreshSelect } from './refresh-select';
import { Empty, LoadError, Loading } from './states';
import type { DeviceTabProps } from './tab-props';

// Levels (IO inputs, relays) are 0 or 1.
const LEVEL_RANGE: [number, number] = [0, 1];

const kindOf = (sub: string | undefined): MetricKind =>
  METRIC_KINDS.find((kind) => kind === sub) ?? 'dynamic';

/** Time-series charts of one metrics sub tab over a period, reloaded as often as the user chose. */
export function MetricsTab({ device, sub }: DeviceTabProps) {
  const kind = kindOf(sub);
  const [range, setRange] = useState<DateRange>({ preset: '24h' });
  const [refresh, setRefresh] = useState<RefreshMs>(false);
  const readings = useInformation(device.id, METRIC_SOURCE[kind], range, METRIC_PRESETS, refresh);
  const charts = useMemo(() => METRIC_CHARTS[kind](readings.data ?? []), [kind, readings.data]);

  let body;
  if (readings.isPending) body = <Loading />;
  else if (readings.isError) body = <LoadError error={readings.error} />;
  else if (charts.length === 0) body = <Empty message={T.noReadings} />;
  else {
    body = (
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {charts.map((chart) => (
          <TimeChart
            key={chart.key}
            title={chart.title}
            data={chart.data}
            expandable
            formatValue={formatterFor(chart.format)}
            {...(chart.format.kind === 'level' || chart.format.kind === 'relay'
              ? { range: LEVEL_RANGE }
              : {})}
          />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="md">
      {/* Tops aligned: a range error under an input must not push the refresh select down. */}
      <Group align="flex-start" gap="md">
        <RangePicker presets={METRIC_PRESETS} value={range} onChange={setRange} />
        <RefreshSelect value={refresh} onChange={setRefresh} />
      </Group>
      {body}
    </Stack>
  );
}
