// uPlot time-series chart (loaded lazily with its CSS, see index.ts). Time axes follow the chosen
// time zone (spec §9: the timezone cookie, else the browser's).
import 'uplot/dist/uPlot.min.css';
import { Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { CHART_PALETTE, COOKIES } from '@netfleet/contracts';
import { readCookie } from '@/lib/cookies';
import type { TimeChartProps } from './types';

const plain = (value: number) => String(Number(value.toFixed(2)));

function timeZoneDate(): ((ts: number) => Date) | undefined {
  const zone = readCookie(COOKIES.timezone);
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return undefined;
  }
  return (ts) => uPlot.tzDate(new Date(ts * 1000), zone);
}

/** Bars need room around the first and last one: half the smallest step (a day alone: 12 h). */
function barPadding({ data }: TimeChartProps): number {
  if (!data.series.some((series) => series.bars)) return 0;
  const steps = data.timestamps.slice(1).map((ts, index) => ts - (data.timestamps[index] ?? ts));
  return (steps.length > 0 ? Math.min(...steps) : 86_400) / 2;
}

/** A fixed time range around the data, so one day alone is not spread over years. */
function paddedRange({ timestamps }: TimeChartProps['data'], pad: number): uPlot.Range.MinMax {
  return [(timestamps[0] ?? 0) - pad, (timestamps.at(-1) ?? 0) + pad];
}

/** Spec §9 date format, in uPlot's template syntax (the legend's time on hover). */
const SPEC_DATE_TIME = '{YYYY}-{MM}-{DD} {HH}:{mm}:{ss}';

// 24-hour tick labels in the spec's YYYY-MM-DD order (uPlot's defaults are 12-hour, US order).
// Per row: tick step (s), label, then the label when the year/month/day/hour/minute/second rolls
// over (null keeps the label), and mode 1 (only the first rolled-over unit is shown).
const TIME_AXIS_FORMATS: uPlot.Axis.TimeValuesConfig = [
  [3600 * 24 * 365, '{YYYY}', null, null, null, null, null, null, 1],
  [3600 * 24 * 28, '{MM}', '\n{YYYY}', null, null, null, null, null, 1],
  [3600 * 24, '{MM}-{DD}', '\n{YYYY}', null, null, null, null, null, 1],
  [3600, '{HH}:{mm}', '\n{YYYY}-{MM}-{DD}', null, '\n{MM}-{DD}', null, null, null, 1],
  [60, '{HH}:{mm}', '\n{YYYY}-{MM}-{DD}', null, '\n{MM}-{DD}', null, null, null, 1],
  [1, '{HH}:{mm}:{ss}', '\n{YYYY}-{MM}-{DD}', null, '\n{MM}-{DD}', null, null, null, 1],
];

function buildOptions(props: TimeChartProps, width: number): uPlot.Options {
  const format = props.formatValue ?? plain;
  const tzDate = timeZoneDate();
  const pad = barPadding(props);
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
      { values: TIME_AXIS_FORMATS },
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

export function TimeChart({ title, data, formatValue, range, height }: TimeChartProps) {
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
      <Text fw={600} size="sm">
        {title}
      </Text>
      <div ref={container} role="img" aria-label={title} />
    </Stack>
  );
}
