/**
 * The Prometheus text exposition format (version 0.0.4), written here rather than pulled in with
 * a client library: /metrics serves a handful of families, and a scrape must stay cheap.
 */

export type Labels = Readonly<Record<string, string>>;

export interface Sample {
  labels?: Labels;
  value: number;
}

/** One labelled histogram: observations per bucket (not cumulative), their sum and count. */
export interface HistogramSeries {
  labels: Labels;
  counts: readonly number[];
  sum: number;
  count: number;
}

export type MetricFamily =
  | { name: string; help: string; type: 'counter' | 'gauge'; samples: readonly Sample[] }
  | {
      name: string;
      help: string;
      type: 'histogram';
      /** Upper bounds, ascending; `+Inf` is implied. */
      buckets: readonly number[];
      series: readonly HistogramSeries[];
    };

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** Label values may hold anything; the format escapes backslash, double quote and line feed. */
export const escapeLabelValue = (value: string) =>
  value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');

/** HELP text escapes backslash and line feed only. */
const escapeHelp = (text: string) => text.replaceAll('\\', '\\\\').replaceAll('\n', '\\n');

const formatValue = (value: number) => {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
};

const formatLabels = (labels: Labels | undefined) => {
  const entries = Object.entries(labels ?? {});
  if (entries.length === 0) return '';
  return `{${entries.map(([name, value]) => `${name}="${escapeLabelValue(value)}"`).join(',')}}`;
};

const line = (name: string, labels: Labels | undefined, value: number) =>
  `${name}${formatLabels(labels)} ${formatValue(value)}`;

const histogramLines = (family: Extract<MetricFamily, { type: 'histogram' }>) =>
  family.series.flatMap((series) => {
    let cumulative = 0;
    const buckets = family.buckets.map((bound, index) => {
      cumulative += series.counts[index] ?? 0;
      return line(
        `${family.name}_bucket`,
        { ...series.labels, le: formatValue(bound) },
        cumulative,
      );
    });
    return [
      ...buckets,
      line(`${family.name}_bucket`, { ...series.labels, le: '+Inf' }, series.count),
      line(`${family.name}_sum`, series.labels, series.sum),
      line(`${family.name}_count`, series.labels, series.count),
    ];
  });

/** The families as one exposition document; a family without samples is left out. */
export const formatMetrics = (families: readonly MetricFamily[]): string => {
  const lines: string[] = [];
  for (const family of families) {
    const samples =
      family.type === 'histogram'
        ? histogramLines(family)
        : family.samples.map((sample) => line(family.name, sample.labels, sample.value));
    if (samples.length === 0) continue;
    lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`);
    lines.push(`# TYPE ${family.name} ${family.type}`);
    lines.push(...samples);
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
};

/**
 * Observations kept per label set. Label names are fixed at creation, so every series has them in
 * the same order; values come from a bounded set (route patterns, not raw URLs).
 */
export const createHistogram = (labelNames: readonly string[], buckets: readonly number[]) => {
  const series = new Map<string, HistogramSeries & { counts: number[] }>();
  return {
    buckets,
    observe(labels: Labels, value: number) {
      const values = labelNames.map((name) => labels[name] ?? '');
      const key = JSON.stringify(values);
      let entry = series.get(key);
      if (!entry) {
        entry = {
          labels: Object.fromEntries(labelNames.map((name, index) => [name, values[index] ?? ''])),
          counts: buckets.map(() => 0),
          sum: 0,
          count: 0,
        };
        series.set(key, entry);
      }
      const index = buckets.findIndex((bound) => value <= bound);
      if (index >= 0) entry.counts[index] = (entry.counts[index] ?? 0) + 1;
      entry.sum += value;
      entry.count += 1;
    },
    series: (): HistogramSeries[] => [...series.values()],
  };
};

export type Histogram = ReturnType<typeof createHistogram>;
