// What every benchmark reports: percentiles, the machine it ran on, a printed table and
// bench/results/<name>.json.
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

/** Writes bench/results/<name>.json with the machine, Node version and date, and returns it. */
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
  const dir = join(import.meta.dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  const m = report.machine;
  console.log(`${m.cpu}, ${m.cores} cores, ${m.memory_gib} GiB, Node ${report.node}`);
  return report;
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
