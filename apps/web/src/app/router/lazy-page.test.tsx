import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureSessionHooks, resetSessionHooks } from '@/lib/session-hooks';
import { lazyPage } from './lazy-page';

afterEach(() => resetSessionHooks());

describe('lazyPage', () => {
  it('reloads once when a chunk fails to load', async () => {
    const reload = vi.fn<() => void>();
    configureSessionHooks({ reload });
    const Page = lazyPage(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      () => () => null,
    );
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(sessionStorage.getItem('chunk_reload')).toBe('1');
    expect(screen.getByText('loading')).toBeInTheDocument();
  });

  it('renders the picked export', async () => {
    const Page = lazyPage(
      () => Promise.resolve({ Hello: () => <p>hello</p> }),
      (module) => module.Hello,
    );
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('hello')).toBeInTheDocument();
  });
});
