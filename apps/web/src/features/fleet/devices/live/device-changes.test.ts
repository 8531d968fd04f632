import { describe, expect, it } from 'vitest';
import type { DeviceChange } from '@netfleet/contracts';
import type { TableQuery } from '@/components/data-table';
import type { DeviceRow, DevicesPage } from '../api/get-devices';
import { changesById, matchesFilter, needsRefetch, patchPage } from './device-changes';

const row = (overrides: Partial<DeviceRow> = {}): DeviceRow => ({
  id: 1,
  name: 'Gate',
  company_id: 3,
  status: 1,
  signal: -60,
  ...overrides,
});
const query = (overrides: Partial<TableQuery> = {}): TableQuery => ({
  limit: 25,
  offset: 0,
  sort: 'name',
  q: undefined,
  filters: {},
  ...overrides,
});
const change = (overrides: Partial<DeviceChange> = {}): DeviceChange => ({
  id: 1,
  company_id: 3,
  ...overrides,
});
const lookup =
  (...rows: DeviceRow[]) =>
  (id: number) =>
    rows.find((candidate) => candidate.id === id);

describe('changesById', () => {
  it('merges the changes of one device, newest fields winning', () => {
    const merged = changesById([
      change({ status: 0, signal: -80 }),
      change({ id: 2, status: 1 }),
      change({ status: 1 }),
    ]);
    expect(merged.get(1)).toEqual({ id: 1, company_id: 3, status: 1, signal: -80 });
    expect(merged.size).toBe(2);
  });
});

describe('patchPage', () => {
  const page: DevicesPage = { rows: [row(), row({ id: 2, name: 'Other' })], total: 2 };

  it('patches the changed rows and keeps the others as they were', () => {
    const next = patchPage(page, changesById([change({ status: 0, temperature: 415 })]));
    expect(next?.rows[0]).toEqual({ ...row(), status: 0, temperature: 415 });
    expect(next?.rows[1]).toBe(page.rows[1]);
    expect(next?.total).toBe(2);
  });

  it('answers the same page when nothing in it changed (no re-render)', () => {
    expect(patchPage(page, changesById([change({ status: 1 })]))).toBe(page);
    expect(patchPage(page, changesById([change({ id: 9, status: 0 })]))).toBe(page);
    expect(patchPage(undefined, changesById([change()]))).toBeUndefined();
  });

  it('does not take company_id or unknown fields from a change', () => {
    const moved = { ...change({ company_id: 5 }), name: 'x' } as DeviceChange;
    expect(patchPage(page, changesById([moved]))).toBe(page);
  });
});

describe('matchesFilter', () => {
  it('reads exact values and min..max ranges as GET /devices does', () => {
    expect(matchesFilter('1', 1)).toBe(true);
    expect(matchesFilter('0,2', 1)).toBe(false);
    expect(matchesFilter('-85..-71', -80)).toBe(true);
    expect(matchesFilter('-70..', -75)).toBe(false);
    expect(matchesFilter('..-101', -110)).toBe(true);
    expect(matchesFilter('LTE', 'LTE')).toBe(true);
    expect(matchesFilter('1', null)).toBe(false);
  });
});

describe('needsRefetch', () => {
  it('leaves plain reading changes to the patch', () => {
    expect(needsRefetch(query(), [change({ signal: -70 })], lookup(row()))).toBe(false);
  });

  it('refetches when a listed device leaves the status filter', () => {
    const online = query({ filters: { status: '1' } });
    expect(needsRefetch(online, [change({ status: 0 })], lookup(row()))).toBe(true);
    expect(needsRefetch(online, [change({ status: 1 })], lookup(row()))).toBe(false);
  });

  it('refetches when an unlisted device now passes the filter, not when it does not', () => {
    const online = query({ filters: { status: '1' } });
    expect(needsRefetch(online, [change({ id: 7, status: 1 })], lookup(row()))).toBe(true);
    expect(needsRefetch(online, [change({ id: 7, status: 0 })], lookup(row()))).toBe(false);
    expect(needsRefetch(online, [change({ id: 7, signal: -50 })], lookup(row()))).toBe(false);
  });

  it('refetches when the sorted field of a device changed', () => {
    const bySignal = query({ sort: '-signal' });
    expect(needsRefetch(bySignal, [change({ signal: -90 })], lookup(row()))).toBe(true);
    expect(needsRefetch(bySignal, [change({ signal: -60 })], lookup(row()))).toBe(false);
    expect(needsRefetch(bySignal, [change({ id: 7, signal: -90 })], lookup(row()))).toBe(true);
  });

  it('refetches when a listed device moved to another company', () => {
    expect(needsRefetch(query(), [change({ company_id: 5 })], lookup(row()))).toBe(true);
  });

  it('refetches when a listed device was deleted, not for an unlisted one', () => {
    const removed = { removed: true } as const;
    expect(needsRefetch(query(), [change(removed)], lookup(row()))).toBe(true);
    expect(needsRefetch(query(), [change({ id: 7, ...removed })], lookup(row()))).toBe(false);
  });

  it('refetches for a new device in an unfiltered list only', () => {
    const added = change({ id: 7, status: 2 });
    expect(needsRefetch(query(), [added], lookup(row()))).toBe(true);
    expect(needsRefetch(query({ q: 'gate' }), [added], lookup(row()))).toBe(false);
    expect(needsRefetch(query({ filters: { model: 'RUT950' } }), [added], lookup(row()))).toBe(
      false,
    );
  });
});
