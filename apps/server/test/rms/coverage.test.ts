import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/app';
import { DOC_END, DOC_START, renderCompatibility } from './compatibility-doc';
import { type Coverage, formatCoverage, measureCoverage, PARTS } from './coverage';
import { loadRmsSpec, type OpenApiDoc } from './rms-spec';

const BASELINE = fileURLToPath(new URL('./coverage-baseline.json', import.meta.url));
const DOC = fileURLToPath(new URL('../../../../docs/rms-compatibility.md', import.meta.url));
const REPORT_DIR = fileURLToPath(new URL('../../../../.tmp/rms-conformance/', import.meta.url));

/**
 * The RMS conformance tier: our OpenAPI document measured against RMS's published definition. It
 * prints the coverage and fails below the recorded level, so the level can only go up (raise
 * coverage-baseline.json when it does).
 */
describe('RMS API v3 conformance of /api/openapi.json', () => {
  let t: TestApp;
  let coverage: Coverage;
  let rms: OpenApiDoc;
  let ours: OpenApiDoc;

  beforeAll(async () => {
    t = await buildTestApp();
    ours = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDoc>();
    rms = loadRmsSpec();
    coverage = measureCoverage(rms, ours);
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(`${REPORT_DIR}coverage.json`, JSON.stringify(coverage, null, 2));
    console.log(formatCoverage(coverage));
  });
  afterAll(() => t.close());

  it.each(PARTS)('%s fields stay at or above the recorded level', (part) => {
    const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as Record<string, number>;
    expect(coverage.totals[part].percent).toBeGreaterThanOrEqual(baseline[part] ?? 100);
  });

  it('generates a typed client from our own document as well', async () => {
    const types = astToString(await openapiTS(JSON.stringify(ours)));
    expect(types).toContain('"/api/devices/actions": {');
    expect(types).toContain('"/api/user": {');
  });

  it('docs/rms-compatibility.md states what this run measured (UPDATE_RMS_DOC=1 rewrites it)', () => {
    const doc = readFileSync(DOC, 'utf8');
    const start = doc.indexOf(DOC_START);
    const end = doc.indexOf(DOC_END) + DOC_END.length;
    expect(start, 'the generated markers are missing').toBeGreaterThanOrEqual(0);
    const current = doc.slice(start, end);
    const measured = renderCompatibility(rms, coverage);
    if (process.env.UPDATE_RMS_DOC) {
      writeFileSync(DOC, doc.slice(0, start) + measured + doc.slice(end));
    } else {
      expect(current, 'run `npm run rms:doc` and commit docs/rms-compatibility.md').toBe(measured);
    }
  });
});
