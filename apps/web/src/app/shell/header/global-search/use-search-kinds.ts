import { useMemo, useState } from 'react';
import { hasPermission, STORAGE_KEYS } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { usePages } from '@/app/router/pages-context';
import { SEARCH_KINDS, type SearchKind } from '@/app/search-kinds';

/** The kinds ticked last time (this browser), or null when never chosen. */
function readStoredKinds(): string[] | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.searchKinds) ?? 'null');
    return Array.isArray(parsed) ? parsed.filter((key) => typeof key === 'string') : null;
  } catch {
    return null;
  }
}

/**
 * Kinds the user may search (permission and built pages), and the ones ticked: all of them until
 * the user chooses, then the choice kept in local storage.
 */
export function useSearchKinds() {
  const { permissions } = useCurrentUser();
  const pages = usePages();
  const available = useMemo(
    () =>
      SEARCH_KINDS.filter(
        (kind) =>
          hasPermission(permissions, kind.permission) &&
          kind.routes.every((route) => route in pages),
      ),
    [permissions, pages],
  );
  const [stored, setStored] = useState(readStoredKinds);
  const selected: readonly SearchKind[] =
    stored === null ? available : available.filter((kind) => stored.includes(kind.key));

  const toggle = (key: string, checked: boolean) => {
    // Kinds not offered right now keep their stored choice for when they are again.
    const base = stored ?? available.map((kind) => kind.key);
    const next = checked
      ? [...new Set([...base, key])]
      : base.filter((candidate) => candidate !== key);
    localStorage.setItem(STORAGE_KEYS.searchKinds, JSON.stringify(next));
    setStored(next);
  };

  return { available, selected, toggle };
}
