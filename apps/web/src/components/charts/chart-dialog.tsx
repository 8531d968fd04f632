// Spec §2 "Modal dialogs by name: chart": one chart full size, with the period shown narrowed by
// a range slider (dragging across the chart zooms too), its series' legend with min, max, average
// and last value of the shown points, and those points as CSV.
import { Box, Button, ColorSwatch, Group, RangeSlider, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconZoomReset } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { CHART_PALETTE } from '@netfleet/contracts';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { formatDateTime } from '@/components/data-table';
import { saveBlob } from '@/lib/download';
import { chartCsv, seriesStats, sliceChart } from './chart-data';
import { TimeChart } from './lazy-time-chart';
import { CHART_TEXTS as T } from './texts';
import type { TimeChartProps } from './types';

export type ChartDialogProps = Omit<TimeChartProps, 'height' | 'expandable'> & {
  /** The CSV's file name; one from the title when absent. */
  filename?: string;
};

const plain = (value: number) => String(Number(value.toFixed(2)));

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '') || 'chart';

const timeOf = (timestamp: number | undefined) =>
  timestamp === undefined ? '' : formatDateTime(new Date(timestamp * 1000));

function Legend({ props, shown }: { props: ChartDialogProps; shown: TimeChartProps['data'] }) {
  const format = props.formatValue ?? plain;
  const text = (value: number | null) => (value === null ? T.none : format(value));
  return (
    <Table withTableBorder striped aria-label={T.legend} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{T.series}</Table.Th>
          <Table.Th>{T.min}</Table.Th>
          <Table.Th>{T.max}</Table.Th>
          <Table.Th>{T.average}</Table.Th>
          <Table.Th>{T.last}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shown.series.map((series, index) => {
          const stats = seriesStats(series.values);
          return (
            <Table.Tr key={series.label}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <ColorSwatch
                    size={12}
                    color={CHART_PALETTE[index % CHART_PALETTE.length] ?? 'gray'}
                    aria-hidden
                  />
                  {series.label}
                </Group>
              </Table.Td>
              <Table.Td>{text(stats.min)}</Table.Td>
              <Table.Td>{text(stats.max)}</Table.Td>
              <Table.Td>{text(stats.average)}</Table.Td>
              <Table.Td>{text(stats.last)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

export function ChartDialog(props: ChartDialogProps) {
  const { data, title } = props;
  const last = Math.max(data.timestamps.length - 1, 0);
  const [zoom, setZoom] = useState<[number, number]>([0, last]);
  const shown = useMemo(() => sliceChart(data, zoom[0], zoom[1]), [data, zoom]);
  const zoomed = zoom[0] > 0 || zoom[1] < last;

  return (
    <Stack gap="sm">
      <TimeChart
        title={title}
        data={shown}
        height={420}
        {...(props.formatValue ? { formatValue: props.formatValue } : {})}
        {...(props.range ? { range: props.range } : {})}
      />
      {last > 0 && (
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={500}>
              {T.zoom}: {timeOf(shown.timestamps[0])} – {timeOf(shown.timestamps.at(-1))}
            </Text>
            <Text size="xs" c="dimmed">
              {T.points(shown.timestamps.length, data.timestamps.length)}
            </Text>
          </Group>
          <Box px="xs" pb="md">
            <RangeSlider
              min={0}
              max={last}
              step={1}
              minRange={1}
              value={zoom}
              onChange={setZoom}
              label={(index) => timeOf(data.timestamps[index])}
              thumbFromLabel={T.zoomFrom}
              thumbToLabel={T.zoomTo}
            />
          </Box>
        </Stack>
      )}
      <Legend props={props} shown={shown} />
      <Group justify="flex-end" gap="xs">
        <Button
          variant="default"
          leftSection={<IconZoomReset size={16} aria-hidden />}
          disabled={!zoomed}
          onClick={() => setZoom([0, last])}
        >
          {T.resetZoom}
        </Button>
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() =>
            saveBlob(
              new Blob([chartCsv(shown, T.time)], { type: 'text/csv;charset=utf-8' }),
              props.filename ?? `${slug(title)}.csv`,
            )
          }
        >
          {T.downloadCsv}
        </Button>
      </Group>
    </Stack>
  );
}

let lastId = 0;

/** The 'chart' dialog: one chart full size (maximisable). */
export function chartDialog(props: ChartDialogProps): DialogOptions {
  lastId += 1;
  return {
    id: `chart-${lastId}`,
    title: props.title,
    size: 'xl',
    maximizable: true,
    content: <ChartDialog {...props} />,
  };
}

export function openChartDialog(props: ChartDialogProps) {
  dialogs.open(chartDialog(props));
}
