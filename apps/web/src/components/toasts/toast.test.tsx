import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';
import { ToastHost } from './toast-host';

afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows each type with its own colour and closes after 4000 ms', () => {
    vi.useFakeTimers();
    render(
      <MantineProvider env="test">
        <Notifications />
      </MantineProvider>,
    );
    act(() => {
      toast('Saved');
      toast.success('Tag created successfully');
      toast.error('Failed to create tag');
      toast.info('A new code is on its way');
      toast.warning('You can not minimize more than 5 windows');
    });
    const typeOf = (text: string) =>
      screen.getByText(text).closest('[data-toast-type]')?.getAttribute('data-toast-type');
    expect(typeOf('Saved')).toBe('default');
    expect(typeOf('Tag created successfully')).toBe('success');
    expect(typeOf('Failed to create tag')).toBe('error');
    expect(typeOf('A new code is on its way')).toBe('info');
    expect(typeOf('You can not minimize more than 5 windows')).toBe('warning');

    act(() => vi.advanceTimersByTime(3900));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    // The close animation.
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('keeps at most 7 toasts in the top area and shows default ones bottom-right', () => {
    render(
      <MantineProvider env="test">
        <ToastHost />
      </MantineProvider>,
    );
    const topIds: string[] = [];
    act(() => {
      for (let n = 1; n <= 9; n += 1) topIds.push(toast.error(`Top ${n}`, { position: 'top' }));
      toast('Saved');
      toast.success('Tag created successfully');
    });
    const area = (position: string) => {
      const element = document.querySelector<HTMLElement>(`[data-position="${position}"]`);
      if (!element) throw new Error(`No toast area ${position}`);
      return within(element);
    };
    const shownAtTop = () => area('top-center').queryAllByText(/^Top \d$/);
    expect(shownAtTop()).toHaveLength(7);
    expect(screen.queryByText('Top 8')).not.toBeInTheDocument();
    expect(area('bottom-right').getByText('Saved')).toBeInTheDocument();
    expect(area('bottom-right').getByText('Tag created successfully')).toBeInTheDocument();
    expect(area('bottom-right').queryByText(/^Top/)).not.toBeInTheDocument();

    // The others wait: a closed top toast makes room for the next one.
    act(() => void notifications.hide(topIds[0] ?? ''));
    expect(area('top-center').getByText('Top 8')).toBeInTheDocument();
    expect(screen.queryByText('Top 9')).not.toBeInTheDocument();
  });
});
