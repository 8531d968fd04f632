import { type DeviceChange, deviceChannel } from '@netfleet/contracts';
import { companiesOnPath } from './company-paths';

/** A device's coalesced change and the companies it left since the last emit (API moves). */
export interface PendingChange {
  change: DeviceChange;
  formerCompanies: ReadonlySet<number>;
}

/**
 * `newer` over `older`: newer field values win, fields only the older one carried stay. A device
 * whose company changed in between keeps its earlier company among the former ones, whose
 * channels must still hear that it left.
 */
export const mergeChange = (older: PendingChange | undefined, newer: PendingChange) => {
  if (!older) return newer;
  const formerCompanies = new Set([...older.formerCompanies, ...newer.formerCompanies]);
  formerCompanies.add(older.change.company_id);
  formerCompanies.delete(newer.change.company_id);
  return { change: { ...older.change, ...newer.change }, formerCompanies };
};

/** The companies whose paths the rooms of these changes need. */
export const companiesOf = (pending: Iterable<PendingChange>): number[] => {
  const ids = new Set<number>();
  for (const { change, formerCompanies } of pending) {
    ids.add(change.company_id);
    for (const id of formerCompanies) ids.add(id);
  }
  return [...ids];
};

/**
 * The changes each room receives: `own` of the device's company and `tree` of that company and
 * every ancestor (and of the companies it left). A company whose path is unknown (deleted
 * meanwhile) still gets its `own` room.
 */
export const changesPerRoom = (
  pending: Iterable<PendingChange>,
  paths: ReadonlyMap<number, string>,
): Map<string, DeviceChange[]> => {
  const rooms = new Map<string, DeviceChange[]>();
  for (const { change, formerCompanies } of pending) {
    // A set: a device moved within a subtree reaches the common ancestors once.
    const targets = new Set<string>();
    for (const companyId of [change.company_id, ...formerCompanies]) {
      targets.add(deviceChannel(companyId, 'own'));
      const path = paths.get(companyId);
      if (path === undefined) continue;
      for (const ancestor of companiesOnPath(path)) targets.add(deviceChannel(ancestor, 'tree'));
    }
    for (const room of targets) {
      const list = rooms.get(room);
      if (list) list.push(change);
      else rooms.set(room, [change]);
    }
  }
  return rooms;
};

/** Consecutive slices of at most `size` entries. */
export const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
};
