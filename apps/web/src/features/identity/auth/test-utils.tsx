// Test-only: renders one auth page with the app's providers in a memory router.
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import { configureSessionHooks, resetSessionHooks } from '@/lib/session-hooks';
import { renderPage } from '@/test/render-page';

afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionHooks();
});

export function renderAuthPage(page: ReactElement, { path }: { path: string }) {
  const redirect = vi.fn<(location: string) => void>();
  configureSessionHooks({ redirect });
  return { ...renderPage(page, { path }), redirect };
}
