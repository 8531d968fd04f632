// Spec §4 Global notice: 'Important' shows while no seen time is stored or a notice was enabled
// after it; opening or closing the list stores the current time (local storage, spec §9).
import { useCallback, useState } from 'react';
import { STORAGE_KEYS, type Notice } from '@netfleet/contracts';

export function isImportant(notices: readonly Notice[], seenAt: string | null): boolean {
  if (notices.length === 0) return false;
  const seen = seenAt === null ? Number.NaN : Date.parse(seenAt);
  if (Number.isNaN(seen)) return true;
  return notices.some(
    (notice) => notice.enabled_at !== null && Date.parse(notice.enabled_at) > seen,
  );
}

export function useNoticesSeenAt(): [seenAt: string | null, markSeen: () => void] {
  // Read during the first render: reading after mount would flash 'Important' on every load.
  const [seenAt, setSeenAt] = useState(() => localStorage.getItem(STORAGE_KEYS.noticesSeenAt));
  const markSeen = useCallback(() => {
    const now = new Date().toISOString();
    localStorage.setItem(STORAGE_KEYS.noticesSeenAt, now);
    setSeenAt(now);
  }, []);
  return [seenAt, markSeen];
}
