// Per-user key/value storage backed by /api/storage (spec §7 Storage). Loaded once at startup
// (failures ignored); writes POST a new key, PUT an existing one, DELETE removes it.
import { STORAGE_PAGE_SIZE, type StorageRecord } from '@netfleet/contracts';
import { api } from '@/lib/api-client';

type Listener = () => void;

const values = new Map<string, string>();
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeUserStorage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readUserStorage(key: string): string | undefined {
  return values.get(key);
}

/** Startup step; a failed list leaves the storage empty (spec §8: storage list failure silent). */
export async function loadUserStorage(): Promise<void> {
  values.clear();
  try {
    const { data } = await api.get<StorageRecord[]>('/storage', {
      query: { limit: STORAGE_PAGE_SIZE },
    });
    for (const record of data) values.set(record.key, record.value);
  } catch {
    // Ignored on purpose: the console works without stored preferences.
  }
  notify();
}

export async function writeUserStorage(key: string, value: string): Promise<void> {
  const exists = values.has(key);
  values.set(key, value);
  notify();
  if (exists) {
    await api.put(`/storage/${encodeURIComponent(key)}`, { body: { value } });
  } else {
    await api.post('/storage', { body: { key, value } });
  }
}

export async function removeUserStorage(key: string): Promise<void> {
  if (!values.delete(key)) return;
  notify();
  await api.delete(`/storage/${encodeURIComponent(key)}`);
}
