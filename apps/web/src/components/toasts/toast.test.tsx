import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';

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
});
