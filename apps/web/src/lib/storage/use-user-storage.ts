import { useCallback, useSyncExternalStore } from 'react';
import {
  readUserStorage,
  removeUserStorage,
  subscribeUserStorage,
  writeUserStorage,
} from './user-storage';

export interface UserStorageEntry {
  value: string | undefined;
  set: (value: string) => Promise<void>;
  remove: () => Promise<void>;
}

/** One per-user storage key, re-rendering when it changes. */
export function useUserStorage(key: string): UserStorageEntry {
  const value = useSyncExternalStore(subscribeUserStorage, () => readUserStorage(key));
  const set = useCallback((next: string) => writeUserStorage(key, next), [key]);
  const remove = useCallback(() => removeUserStorage(key), [key]);
  return { value, set, remove };
}
