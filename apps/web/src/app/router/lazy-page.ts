// Lazy route components with the spec §8 rule: a chunk that fails to load (usually a deploy
// replaced it) reloads the page once; a second failure is a real error.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { sessionHooks } from '@/lib/session-hooks';

const RELOAD_FLAG = 'chunk_reload';

/** A lazy page that can also start loading its chunk before it renders. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => void };

export const isLazyPage = (page: ComponentType): page is LazyPage =>
  typeof (page as Partial<LazyPage>).preload === 'function';

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
  // A failed preload is left to the render, which loads again under the reload-once rule.
  const preload = () => void load().catch(() => undefined);
  return Object.assign(lazyComponent(load, pick), { preload });
}

/**
 * A component kept out of the initial bundle (a dialog, a panel shown on demand), under the same
 * rule; render it inside a Suspense boundary.
 */
export function lazyComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: pick(await loadChunk(load)) }));
}
