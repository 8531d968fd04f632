import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLiveWorld, type LiveWorld } from './live-world';
import { loadRmsSpec, type OpenApiDoc, type Operation, operationsOf } from './rms-spec';
import { createRmsValidator } from './rms-validator';

const BASELINE = fileURLToPath(new URL('./coverage-baseline.json', import.meta.url));

/** Dates as RMS takes them, a week back from now. */
const stamp = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/**
 * A concrete URL for a read operation: path ids from the world (by the collection before the
 * parameter), enum parameters by their first value, RMS's required query parameters filled in.
 */
const urlFor = (op: Operation, world: LiveWorld): string | null => {
  const segments = op.path.split('/');
  let missing = false;
  const path = segments
    .map((segment, i) => {
      const name = /^\{(.+)\}$/.exec(segment)?.[1];
      if (!name) return segment;
      const param = op.parameters.find((p) => p.in === 'path' && p.name === name);
      const first = param?.schema?.enum?.[0];
      if (first !== undefined) return String(first);
      if (name === 'index') return String(world.ids.hotspotIndex);
      const collection = op.path.includes('/hotspots/{index}')
        ? 'hotspotDevice'
        : op.path.endsWith('/wireless/graph')
          ? 'wifiDevice'
          : op.path.startsWith('/devices/tasks/groups/logs/')
            ? 'groupLogs'
            : name === 'device_id'
              ? 'devices'
              : (segments[i - 1] ?? '');
      const id = world.ids[collection];
      if (!id) missing = true;
      return String(id ?? 0);
    })
    .join('/');
  if (missing) return null;
  const query = new URLSearchParams();
  for (const param of op.parameters) {
    if (param.in !== 'query' || !param.required) continue;
    if (param.name === 'start_date') query.set(param.name, stamp(new Date(Date.now() - 7 * 864e5)));
    else if (param.name === 'end_date') query.set(param.name, stamp(new Date()));
    else if (param.name === 'device_id') query.set(param.name, String(world.ids.devices ?? 0));
    else if (param.name === 'wlan') query.set(param.name, String(world.ids.wlan ?? 0));
    else if (param.name === 'field') {
      query.set(param.name, `${String(world.ids.dataCollect ?? 0)}:/system/device/status:uptime`);
    } else if (param.schema?.enum?.[0] !== undefined)
      query.set(param.name, String(param.schema.enum[0]));
  }
  const qs = query.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
};

/**
 * Live answers of every shared read operation, on seeded data with simulated devices reporting,
 * validated against RMS's response schemas. Prints each operation's verdict; fails when fewer
 * operations conform than the recorded level.
 */
describe('live answers against RMS response schemas', () => {
  let world: LiveWorld;
  let rms: OpenApiDoc;
  let shared: Operation[];

  beforeAll(async () => {
    world = await buildLiveWorld();
    rms = loadRmsSpec();
    const ours = (
      await world.t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json<OpenApiDoc>();
    const ourOps = operationsOf(ours, '/api');
    shared = [...operationsOf(rms).values()].filter(
      (op) => op.method === 'GET' && ourOps.has(op.key) && op.success,
    );
  }, 120_000);
  afterAll(() => world.close());

  it('answers every shared read operation with a body RMS clients can parse', async () => {
    const validator = createRmsValidator(rms);
    const verdicts: { key: string; problem: string | null }[] = [];
    for (const op of shared) {
      const url = urlFor(op, world);
      if (!url) {
        verdicts.push({ key: op.key, problem: 'no seeded row to ask about' });
        continue;
      }
      const res = await world.t.app.inject({ method: 'GET', url, headers: world.session.headers });
      const expected = op.success?.status ?? 200;
      const problem =
        res.statusCode !== expected
          ? `${url} answered ${res.statusCode}, RMS ${expected}: ${res.body.slice(0, 200)}`
          : String(res.headers['content-type']).includes('json') && op.success
            ? validator.check(op.success.schema, res.json())
            : null;
      verdicts.push({ key: op.key, problem });
    }
    const passed = verdicts.filter((v) => !v.problem).length;
    console.log(
      [
        `RMS live conformance: ${passed} of ${verdicts.length} shared read operations validate`,
        ...verdicts.map(
          (v) => `  ${v.problem ? 'FAIL' : 'ok  '} ${v.key}${v.problem ? `: ${v.problem}` : ''}`,
        ),
      ].join('\n'),
    );
    const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as { live?: number };
    expect(passed).toBeGreaterThanOrEqual(baseline.live ?? verdicts.length);
  });

  it('takes every enum value RMS lists for a query parameter (sort fields, statuses, types)', async () => {
    const refused: string[] = [];
    let asked = 0;
    for (const op of shared) {
      const url = urlFor(op, world);
      if (!url) continue;
      for (const param of op.parameters) {
        if (param.in !== 'query' || url.includes(`${param.name}=`)) continue;
        for (const value of param.schema?.enum ?? []) {
          const query = `${encodeURIComponent(param.name)}=${encodeURIComponent(String(value))}`;
          const res = await world.t.app.inject({
            method: 'GET',
            url: `${url}${url.includes('?') ? '&' : '?'}${query}`,
            headers: world.session.headers,
          });
          asked += 1;
          if (res.statusCode !== (op.success?.status ?? 200)) {
            refused.push(`${op.key} ${query}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    console.log(`RMS enum query values: ${asked - refused.length} of ${asked} taken`);
    expect(refused).toEqual([]);
  });
});
