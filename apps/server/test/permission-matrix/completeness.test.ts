import { ROLE_NAMES } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRecord } from '@/plugins/auth';
import { buildTestApp, type TestApp } from '@test/app';
import { LISTS } from './lists';
import { rowsOf, scoped } from './matrix';
import { namingSegment } from './missing';
import { MATRIX } from './tables';
import { probesParent, TARGETS } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const keyOf = (record: RouteRecord) => `${record.method} ${record.url}`;
const table = Object.fromEntries(Object.values(MATRIX).flatMap((area) => Object.entries(area)));

/** Routes that require a permission; fastify's HEAD twins are checked against their GET. */
const guarded = () =>
  t.app.routePermissions.filter(
    (r) =>
      !r.pluginRoute &&
      r.method !== 'HEAD' &&
      r.permission !== 'public' &&
      r.permission !== 'authenticated',
  );

describe('the permission matrix covers every guarded route', () => {
  it('lists every route that requires a permission (add new routes to routes/*.ts)', () => {
    const missing = guarded()
      .map(keyOf)
      .filter((key) => !(key in table));
    expect(missing).toEqual([]);
  });

  it('lists no route that is gone or no longer requires a permission', () => {
    const live = new Set(guarded().map(keyOf));
    expect(Object.keys(table).filter((key) => !live.has(key))).toEqual([]);
  });

  it('states the permission each route declares', () => {
    const differing = guarded()
      .filter((r) => JSON.stringify(table[keyOf(r)]?.permission) !== JSON.stringify(r.permission))
      .map((r) => `${keyOf(r)} declares ${JSON.stringify(r.permission)}`);
    expect(differing).toEqual([]);
  });

  it('gives HEAD routes the permission of their GET', () => {
    const gets = new Map(
      t.app.routePermissions.filter((r) => r.method === 'GET').map((r) => [r.url, r.permission]),
    );
    const differing = t.app.routePermissions
      .filter((r) => !r.pluginRoute && r.method === 'HEAD')
      .filter((r) => JSON.stringify(r.permission) !== JSON.stringify(gets.get(r.url)))
      .map(keyOf);
    expect(differing).toEqual([]);
  });

  it('probes targets on every route that names a row by path', () => {
    const untargeted = Object.entries(table)
      .filter(([key, spec]) => key.includes(':') && spec.scope === 'caller')
      .map(([key]) => key);
    expect(untargeted).toEqual([]);
  });

  it('probes own, child, parent and foreign targets on every confined route', () => {
    const rows = Object.values(MATRIX).flatMap(rowsOf);
    const short = Object.entries(table)
      .filter(([, spec]) => scoped(spec.scope))
      .flatMap(([key]) => {
        const probed = new Set(rows.filter((row) => row.route === key).map((row) => row.where));
        const lacking = TARGETS.filter((where) => !probed.has(where));
        // A route no default role below the super admin may call has no one to probe a parent with.
        const prober = rows.some(
          (row) => row.route === key && row.status !== 403 && probesParent(row.actor),
        );
        const expected = prober ? lacking : lacking.filter((where) => where !== 'parent');
        return expected.length ? [`${key} lacks ${expected.join(', ')}`] : [];
      });
    expect(short).toEqual([]);
  });

  it('tells a foreign or parent row named by path from a missing one on every confined route', () => {
    const unnamed = Object.entries(table)
      .filter(([key, spec]) => key.includes(':') && scoped(spec.scope))
      .filter(([key]) => namingSegment(key) < 0)
      .map(([key]) => key);
    expect(unnamed).toEqual([]);
    const rows = Object.values(MATRIX).flatMap(rowsOf);
    const uncompared = rows
      .filter((row) => row.hidden && row.where !== 'child' && row.route.includes(':'))
      .filter(
        (row) =>
          !rows.some(
            (other) => other.route === row.route && other.where === row.where && other.missing,
          ),
      )
      .map((row) => `${row.route} ${row.where}`);
    expect([...new Set(uncompared)]).toEqual([]);
  });

  it('checks the rows of every list route', () => {
    const lists = Object.keys(table).filter(
      (key) => key.startsWith('GET ') && !key.includes(':') && table[key]?.scope === 'caller',
    );
    expect(lists.filter((key) => !(key.slice(4) in LISTS))).toEqual([]);
  });

  it('has a row for every role on every route', () => {
    const rows = Object.values(MATRIX).flatMap(rowsOf);
    const pairs = new Set(rows.map((row) => `${row.route} ${row.actor}`));
    for (const route of Object.keys(table)) {
      for (const role of ROLE_NAMES) {
        expect(pairs.has(`${route} ${role}`), `${route} ${role}`).toBe(true);
      }
    }
  });
});
