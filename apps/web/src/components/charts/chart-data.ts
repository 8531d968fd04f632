// The 'chart' dialog's model: the points of a zoomed range, their statistics and their CSV.
import { formatDateTime } from '@/components/data-table';
import type { ChartData } from './types';

/** The points from index `from` to index `to` (both included). */
export function sliceChart(data: ChartData, from: number, to: number): ChartData {
  return {
    timestamps: data.timestamps.slice(from, to + 1),
    series: data.series.map((series) => ({ ...series, values: series.values.slice(from, to + 1) })),
  };
}

export interface SeriesStats {
  min: number | null;
  max: number | null;
  average: number | null;
  last: number | null;
}

/** Min, max, average and last reading of a series' values, leaving gaps out. */
export function seriesStats(values: readonly (number | null)[]): SeriesStats {
  const present = values.filter((value): value is number => value !== null);
  if (present.length === 0) return { min: null, max: null, average: null, last: null };
  return {
    min: Math.min(...present),
    max: Math.max(...present),
    average: present.reduce((sum, value) => sum + value, 0) / present.length,
    last: present.at(-1) ?? null,
  };
}

// A cell starting like a formula runs as one in spreadsheet apps (CSV injection): such text gets a
// leading apostrophe; RFC 4180 quoting for quotes, commas and line breaks.
function csvCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The points as CSV: the time (spec §9 layout, in the chosen time zone) and one column of raw
 * values per series, empty where there is no reading; CRLF line ends.
 */
export function chartCsv(data: ChartData, timeHeader: string): string {
  const lines = [[timeHeader, ...data.series.map((series) => series.label)].map(csvCell).join(',')];
  data.timestamps.forEach((timestamp, index) => {
    const values = data.series.map((series) => {
      const value = series.values[index];
      return value === null || value === undefined ? '' : String(value);
    });
    lines.push([csvCell(formatDateTime(new Date(timestamp * 1000))), ...values].join(','));
  });
  return `${lines.join('\r\n')}\r\n`;
}
