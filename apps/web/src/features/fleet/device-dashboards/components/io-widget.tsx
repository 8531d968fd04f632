import { Stack, Table, Text } from '@mantine/core';
import type { DeviceDashboardIoPin } from '@netfleet/contracts';
import { TimeChart } from '@/components/charts';
import { formatDateTime } from '@/components/data-table';
import type { DateRange } from '@/components/date-range';
import { useLatestReading, useReadings } from '../api/get-widget-data';
import { hasData } from '../model/metrics';
import { pinFormatter, pinSeries, pinUnit, readingPins } from '../model/io';
import { DASHBOARD_TEXTS as T } from '../texts';
import { Empty, LoadError, Loading } from './states';

// Levels (inputs) and relay states are 0 or 1.
const LEVEL_RANGE: [number, number] = [0, 1];

/** Every pin of the latest IO reading with its level, state or measurement. */
function CurrentPins({ deviceId }: { deviceId: number }) {
  const latest = useLatestReading(deviceId, 'io');
  if (latest.isPending) return <Loading />;
  if (latest.isError) return <LoadError message={T.readingFailed} />;
  const pins = readingPins(latest.data);
  if (pins.length === 0 || !latest.data) return <Empty message={T.io.noPins} />;
  return (
    <Stack gap={4}>
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {pins.map((pin) => (
            <Table.Tr key={`${pin.type}:${pin.name}`}>
              <Table.Th fw={500} c="dimmed" w="55%">
                {T.io.pinOption(T.io.pinTypes[pin.type], pin.name)}
              </Table.Th>
              <Table.Td fw={600}>{pinFormatter(pin.type, pin.unit)(pin.value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        {T.latestAt(formatDateTime(latest.data.datetime))}
      </Text>
    </Stack>
  );
}

interface PinChartProps {
  deviceId: number;
  pin: DeviceDashboardIoPin;
  period: DateRange;
  title: string;
}

/** One pin's state over the period: steps for levels and relays, a line for analog inputs. */
function PinChart({ deviceId, pin, period, title }: PinChartProps) {
  const readings = useReadings(deviceId, 'io', period);
  if (readings.isPending) return <Loading />;
  if (readings.isError) return <LoadError message={T.readingFailed} />;
  const data = pinSeries(pin, readings.data);
  if (!hasData(data)) {
    return <Empty message={readings.data.length === 0 ? T.noReadings : T.io.pinGone} />;
  }
  return (
    <TimeChart
      title={title}
      data={data}
      formatValue={pinFormatter(pin.type, pinUnit(pin, readings.data))}
      {...(pin.type === 'analog' ? {} : { range: LEVEL_RANGE })}
      height={200}
    />
  );
}

/** The IO widget: every pin's current level, or one pin over the period. */
export function IoBody({
  deviceId,
  pin,
  period,
  title,
}: Omit<PinChartProps, 'pin'> & { pin: DeviceDashboardIoPin | null }) {
  return pin ? (
    <PinChart deviceId={deviceId} pin={pin} period={period} title={title} />
  ) : (
    <CurrentPins deviceId={deviceId} />
  );
}
