// What every benchmark reports: percentiles, medians over repeated runs, the machine it ran on,
// a printed table and bench/results/<name>.json (BENCH_RESULTS_DIR=<dir> writes there instead, so
// that a smoke run does not replace the recorded results).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** Nearest-rank percentile of ascending values. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

export const machine = () => {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memory_gib: round(totalmem() / 2 ** 30),
  };
};

export const printTable = (rows: string[][]) => {
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  for (const row of rows) {
    console.log(row.map((cell, column) => cell.padEnd(widths?.[column] ?? 0)).join('  '));
  }
};

/** Writes <name>.json with the machine, Node version and date, prints where, and returns it. */
export const writeReport = (
  name: string,
  results: unknown,
  extra: Record<string, unknown> = {},
) => {
  const report = {
    machine: machine(),
    node: process.version,
    date: new Date().toISOString(),
    ...extra,
    results,
  };
  const dir = process.env.BENCH_RESULTS_DIR || join(import.meta.dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.json`);
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
  const m = report.machine;
  console.log(
    `${name}: ${m.cpu}, ${m.cores} cores, ${m.memory_gib} GiB, Node ${report.node} → ${path}`,
  );
  return report;
};

/** How many times the device benchmarks run their scenario (BENCH_RUNS, default 3). */
export const benchRuns = () => Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

/** The median of numbers, the mean of the middle two for an even count; NaN for none. */
export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every figure of `runs` (results of one shape, nested objects included) as its median over the
 * runs. A missing figure (null or NaN: a time that never came, a percentile of nothing) ranks
 * above every number, so it is the median when half of the runs or more miss it. A flag is true
 * when it is in most runs; a key some runs lack (a count of CONNACK codes) is 0 there; anything
 * else is the first run's.
 */
export const medianOf = (runs: readonly unknown[]): unknown => {
  if (runs.every(isRecord)) {
    const keys = [...new Set(runs.flatMap((run) => Object.keys(run)))];
    return Object.fromEntries(
      keys.map((key) => {
        const absent = isRecord(runs.find((run) => key in run)?.[key]) ? {} : 0;
        return [key, medianOf(runs.map((run) => (key in run ? run[key] : absent)))];
      }),
    );
  }
  if (runs.every((run) => typeof run === 'boolean')) {
    return runs.filter(Boolean).length * 2 > runs.length;
  }
  if (runs.every((run) => run === null || typeof run === 'number')) {
    const value = median(
      runs.map((run) => (Number.isFinite(run) ? (run as number) : Number.POSITIVE_INFINITY)),
    );
    return Number.isFinite(value) ? round(value, 2) : null;
  }
  return runs[0];
};

/** `{a: {b: 1}}` as `[['a.b', '1']]`, for a printed table. */
const flatten = (value: unknown, prefix = ''): [string, string][] =>
  isRecord(value)
    ? Object.entries(value).flatMap(([key, inner]) =>
        flatten(inner, prefix ? `${prefix}.${key}` : key),
      )
    : [[prefix, Array.isArray(value) ? JSON.stringify(value) : String(value)]];

/** A table of every figure: its median, then each run's value. */
export const printRuns = (medianResult: unknown, runs: readonly unknown[]) => {
  const perRun = runs.map((run) => new Map(flatten(run)));
  printTable([
    ['figure', 'median', ...runs.map((_, i) => `run ${i + 1}`)],
    ...flatten(medianResult).map(([key, value]) => [
      key,
      value,
      ...perRun.map((run) => run.get(key) ?? ''),
    ]),
  ]);
};

/** Count, p50/p95/p99 and max of latencies in milliseconds, rounded to 0.1 ms. */
export const latencySummary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50_ms: round(percentile(sorted, 50), 1),
    p95_ms: round(percentile(sorted, 95), 1),
    p99_ms: round(percentile(sorted, 99), 1),
    max_ms: round(sorted.at(-1) ?? Number.NaN, 1),
  };
};
