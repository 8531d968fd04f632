import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageTransition } from './page-transition';

function setUp() {
  const animate = vi.fn();
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: animate, configurable: true });
  const router = createMemoryRouter(
    [
      {
        element: (
          <PageTransition>
            <Outlet />
          </PageTransition>
        ),
        children: [
          { path: '/a', element: <p>page a</p>, handle: { transition: 'fade' } },
          { path: '/b', element: <p>page b</p> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return { animate, router };
}

describe('PageTransition (spec §2: transition from route metadata, default toRight)', () => {
  afterEach(() => {
    delete (HTMLElement.prototype as Partial<HTMLElement>).animate;
  });

  it('plays nothing on first paint, then the transition of the page navigated to', async () => {
    const { animate, router } = setUp();
    expect(screen.getByText('page a').parentElement).toHaveAttribute('data-transition', 'fade');
    expect(animate).not.toHaveBeenCalled();

    await act(() => router.navigate('/b'));
    expect(screen.getByText('page b').parentElement).toHaveAttribute('data-transition', 'toRight');
    expect(animate).toHaveBeenCalledOnce();
    expect(animate.mock.calls[0]?.[0]).toEqual([
      { opacity: 0, transform: 'translateX(-12px)' },
      { opacity: 1, transform: 'none' },
    ]);

    await act(() => router.navigate('/a'));
    expect(animate).toHaveBeenCalledTimes(2);
    expect(animate.mock.calls[1]?.[0]).toEqual([{ opacity: 0 }, { opacity: 1 }]);
  });
});
