import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { useFailureToast } from './use-failure-toast';

afterEach(() => {
  act(() => notifications.clean());
});

describe('useFailureToast', () => {
  it("shows the server's message for an API failure, else the fallback", async () => {
    render(
      <MantineProvider env="test">
        <Notifications />
      </MantineProvider>,
    );
    const { result } = renderHook(() => useFailureToast());
    const apiFailure = new ApiError(409, 'Conflict', [
      { code: 'CONFLICT', message: 'Already cancelled', source: null },
    ]);
    act(() => result.current('Failed to cancel')(apiFailure));
    expect(await screen.findByText('Already cancelled')).toBeInTheDocument();
    act(() => result.current('Failed to cancel')(new TypeError('x is undefined')));
    expect(await screen.findByText('Failed to cancel')).toBeInTheDocument();
  });
});
