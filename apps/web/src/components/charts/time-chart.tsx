// uPlot time-series chart (loaded lazily with its CSS, see index.ts). Time axes follow the chosen
// time zone (spec §9: the timezone cookie, else the browser's) and the interface locale.
import 'uplot/dist/uPlot.min.css';
import { Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { CHART_PALETTE, COOKIES } from '@netfleet/contracts';
import { readCookie } from '@/lib/cookies';
import { uiLocale } from '@/lib/i18n';
import { ExpandChartButton } from './expand-chart-button';
import { timeAxisLabels } from './time-axis';
import type { TimeChartProps } from './types';

const plain = (value: number) => String(Number(value.toFixed(2)));

/** The chosen zone when Intl knows it; undefined means the browser's own. */
function chosenZone(): string | undefined {
  const zone = readCookie(COOKIES.timezone);
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone });
  } catch {
    return undefined;
  }
  return zone;
}

/** A single reading is shown an hour either side (uPlot would spread one point over years). */
const SINGLE_POINT_PAD_S = 3600;

/**
 * Room around the first and last point: bars need half the smallest step (a day alone: 12 h),
 * and a single point an hour either side; other lines fill the width.
 */
function edgePadding({ data }: TimeChartProps): number {
  const single = data.timestamps.length > 0 && data.timestamps[0] === data.timestamps.at(-1);
  if (!data.series.some((series) => series.bars)) return single ? SINGLE_POINT_PAD_S : 0;
  const steps = data.timestamps.slice(1).map((ts, index) => ts - (data.timestamps[index] ?? ts));
  return (steps.length > 0 ? Math.min(...steps) : 86_400) / 2;
}

/** A fixed time range around the data, so one day alone is not spread over years. */
function paddedRange({ timestamps }: TimeChartProps['data'], pad: number): uPlot.Range.MinMax {
  return [(timestamps[0] ?? 0) - pad, (timestamps.at(-1) ?? 0) + pad];
}

/** Spec §9 date format, in uPlot's template syntax (the legend's time on hover). */
const SPEC_DATE_TIME = '{YYYY}-{MM}-{DD} {HH}:{mm}:{ss}';

function buildOptions(props: TimeChartProps, width: number): uPlot.Options {
  const format = props.formatValue ?? plain;
  const zone = chosenZone();
  const locale = uiLocale();
  const tzDate = zone ? (ts: number) => uPlot.tzDate(new Date(ts * 1000), zone) : undefined;
  const pad = edgePadding(props);
  return {
    width,
    height: props.height ?? 240,
    ...(tzDate ? { tzDate } : {}),
    scales: {
      x: {
        time: true,
        ...(pad > 0 ? { auto: false, range: paddedRange(props.data, pad) } : {}),
      },
      ...(props.range ? { y: { range: props.range } } : {}),
    },
    axes: [
      {
        // 24-hour ticks in the locale's day/month order and month names (./time-axis).
        values: (_chart, splits, _axis, _space, incr) => timeAxisLabels(splits, incr, locale, zone),
      },
      {
        size: 84,
        values: (_chart, splits) => splits.map((value) => format(value)),
      },
    ],
    series: [
      { value: SPEC_DATE_TIME },
      ...props.data.series.map((series, index) => ({
        label: series.label,
        stroke: CHART_PALETTE[index % CHART_PALETTE.length],
        width: 2,
        spanGaps: false,
        value: (_chart: uPlot, value: number | null) => (value === null ? '—' : format(value)),
        ...(series.stepped ? { paths: uPlot.paths.stepped?.({ align: 1 }) } : {}),
        ...(series.bars
          ? {
              paths: uPlot.paths.bars?.({ size: [0.6, 40] }),
              fill: `${CHART_PALETTE[index % CHART_PALETTE.length]}99`,
            }
          : {}),
      })),
    ],
  };
}

export function TimeChart(props: TimeChartProps) {
  const { title, data, formatValue, range, height } = props;
  const container = useRef<HTMLDivElement>(null);

  // Rebuilt when the data changes (a refresh, another range); pass stable formatValue and range.
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const aligned: uPlot.AlignedData = [
      data.timestamps,
      ...data.series.map((series) => series.values),
    ];
    const options = buildOptions(
      { title, data, formatValue, range, height },
      element.clientWidth || 600,
    );
    const chart = new uPlot(options, aligned, element);
    const observer = new ResizeObserver(() => {
      chart.setSize({ width: element.clientWidth, height: options.height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [title, data, formatValue, range, height]);

  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {title}
        </Text>
        {props.expandable && <ExpandChartButton {...props} />}
      </Group>
      <div ref={container} role="img" aria-label={title} />
    </Stack>
  );
}
