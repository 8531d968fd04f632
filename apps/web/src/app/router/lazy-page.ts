// Lazy route components with the spec §8 rule: a chunk that fails to load (usually a deploy
// replaced it) reloads the page once; a second failure is a real error.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { sessionHooks } from '@/lib/session-hooks';

const RELOAD_FLAG = 'chunk_reload';

export type LazyPage = LazyExoticComponent<ComponentType>;

/** Loads a chunk (a page, a named dialog's feature) under the reload-once rule. */
export async function loadChunk<M>(load: () => Promise<M>): Promise<M> {
  try {
    const module = await load();
    sessionStorage.removeItem(RELOAD_FLAG);
    return module;
  } catch (error) {
    if (sessionStorage.getItem(RELOAD_FLAG)) throw error;
    sessionStorage.setItem(RELOAD_FLAG, '1');
    sessionHooks().reload();
    // Never settles: the page is going away.
    return new Promise<never>(() => undefined);
  }
}

export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  return lazy(async () => ({ default: pick(await loadChunk(load)) }));
}
