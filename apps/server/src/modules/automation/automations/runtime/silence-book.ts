import { nextOccurrence } from '@/modules/automation/device-tasks/recurrence';
import type { SilenceWindowRow } from '@/modules/automation/automations/silences/silences.repository';

/** An active silence as a transition meets it. */
export interface SilenceHit {
  id: number;
  name: string;
  /** The end of the window the transition fell in. */
  until: Date;
  notifyAfter: boolean;
}

interface Window {
  start: number;
  end: number;
}

/**
 * The window of a silence that contains `at`, else the next one; null when none is left. A
 * recurring silence opens at each cron occurrence within starts_at…ends_at for duration_seconds.
 */
export const windowOf = (silence: SilenceWindowRow, at: number): Window | null => {
  const ends = silence.endsAt.getTime();
  if (at >= ends) return null;
  const { recurrence } = silence;
  if (!recurrence) return { start: silence.startsAt.getTime(), end: ends };
  const duration = recurrence.duration_seconds * 1000;
  // The first occurrence after at - duration is the earliest whose window can still hold `at`.
  const from = Math.max(silence.startsAt.getTime(), at - duration + 1);
  let next: Date | null;
  try {
    next = nextOccurrence(recurrence, new Date(from));
    // nextOccurrence reads to the second: a window that just closed is skipped (cron: minutes).
    if (next && next.getTime() + duration <= at)
      next = nextOccurrence(recurrence, new Date(next.getTime() + 60_000));
  } catch {
    return null;
  }
  if (!next || next.getTime() >= ends) return null;
  return { start: next.getTime(), end: Math.min(next.getTime() + duration, ends) };
};

/** The silences the runtime keeps in memory (design §4.7), matched per transition. */
export const createSilenceBook = () => {
  let entries: { row: SilenceWindowRow; devices: Set<number>; rules: Set<number> | null }[] = [];

  return {
    set(rows: readonly SilenceWindowRow[]) {
      entries = rows.map((row) => ({
        row,
        devices: new Set(row.deviceIds),
        rules: row.automationIds.length > 0 ? new Set(row.automationIds) : null,
      }));
    },
    /** The active silence covering the pair at `at` (the one lasting longest), or null. */
    match(ruleId: number, deviceId: number, at: Date): SilenceHit | null {
      const time = at.getTime();
      let hit: SilenceHit | null = null;
      for (const { row, devices, rules } of entries) {
        if (!devices.has(deviceId) || (rules && !rules.has(ruleId))) continue;
        const window = windowOf(row, time);
        if (!window || window.start > time || (hit && hit.until.getTime() >= window.end)) continue;
        hit = {
          id: row.id,
          name: row.name,
          until: new Date(window.end),
          notifyAfter: row.notifyAfter,
        };
      }
      return hit;
    },
    /** Whether the silence is still in a window at `at` (it may have been deleted or moved). */
    active(id: number, at: Date) {
      const entry = entries.find((candidate) => candidate.row.id === id);
      const window = entry ? windowOf(entry.row, at.getTime()) : null;
      return window !== null && window.start <= at.getTime();
    },
    /** The next time after `at` a window opens or closes; null: none. */
    nextEdge(at: Date): Date | null {
      const time = at.getTime();
      let next = Number.POSITIVE_INFINITY;
      for (const { row } of entries) {
        const window = windowOf(row, time);
        if (window) next = Math.min(next, window.start > time ? window.start : window.end);
      }
      return Number.isFinite(next) ? new Date(next) : null;
    },
    size: () => entries.length,
  };
};
export type SilenceBook = ReturnType<typeof createSilenceBook>;
