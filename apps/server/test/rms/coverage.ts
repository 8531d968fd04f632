import { compareOperation, type OperationReport, type Part } from './compare';
import { type OpenApiDoc, operationsOf } from './rms-spec';

export const PARTS: readonly Part[] = ['query', 'body', 'response'];

export interface Coverage {
  /** RMS operations netfleet also serves, by key (`GET /devices/{}`). */
  shared: OperationReport[];
  /** RMS operations netfleet does not serve yet. */
  missing: string[];
  totals: Record<Part, { total: number; matched: number; percent: number }>;
}

const percent = (matched: number, total: number) =>
  total ? Math.floor((matched / total) * 1000) / 10 : 100;

/** Measures our OpenAPI document against RMS's: per shared operation and in total. */
export const measureCoverage = (rms: OpenApiDoc, ours: OpenApiDoc): Coverage => {
  const ourOps = operationsOf(ours, '/api');
  const shared: OperationReport[] = [];
  const missing: string[] = [];
  for (const [key, rmsOp] of operationsOf(rms)) {
    const ourOp = ourOps.get(key);
    if (ourOp) shared.push(compareOperation(rms, ours, rmsOp, ourOp));
    else missing.push(key);
  }
  const totals = Object.fromEntries(
    PARTS.map((part) => {
      const total = shared.reduce((sum, op) => sum + op.counts[part].total, 0);
      const matched = shared.reduce((sum, op) => sum + op.counts[part].matched, 0);
      return [part, { total, matched, percent: percent(matched, total) }];
    }),
  ) as Coverage['totals'];
  return { shared, missing, totals };
};

/** The printed form: totals, then each shared operation's differences. */
export const formatCoverage = (coverage: Coverage): string => {
  const lines = [
    `RMS API v3 conformance: ${coverage.shared.length} shared operations, ${coverage.missing.length} not served yet`,
    ...PARTS.map((part) => {
      const { matched, total, percent: pct } = coverage.totals[part];
      return `  ${part.padEnd(8)} ${String(matched).padStart(4)} / ${String(total).padEnd(4)} ${pct}%`;
    }),
  ];
  for (const op of coverage.shared) {
    if (!op.differences.length) continue;
    lines.push(`  ${op.key}`);
    for (const d of op.differences) lines.push(`    ${d.part} ${d.field}: ${d.reason}`);
  }
  return lines.join('\n');
};
