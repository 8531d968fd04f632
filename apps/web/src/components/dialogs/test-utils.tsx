// Test-only: the app's providers and the dialog host (as the router mounts it) around a tiny page.
import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import { renderPage } from '@/test/render-page';

afterEach(() => {
  act(() => notifications.clean());
});

export function renderWithHost(page: ReactElement = <main />) {
  return { ...renderPage(page, { path: '/' }), user: userEvent.setup() };
}
