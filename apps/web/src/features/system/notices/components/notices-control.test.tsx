import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, type Notice } from '@netfleet/contracts';
import { errorResponse, mockApi, ok } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { NoticesControl } from './notices-control';
import { isImportant } from './notices-seen';

const NOTICES = 'GET /api/notices';

const notice = (id: number, enabledAt: string, message = `Notice ${id}`): Notice => ({
  id,
  type: 'warning',
  message,
  enabled_at: enabledAt,
});

const maintenance = notice(2, '2026-05-02T10:00:00Z', 'Maintenance on <b>Friday</b>');
const older = notice(1, '2026-05-01T10:00:00Z');

afterEach(() => {
  vi.unstubAllGlobals();
});

const control = () => screen.findByRole('button', { name: /Global notices/ });

describe('isImportant', () => {
  it.each([
    ['no seen time is stored', [maintenance], null, true],
    [
      'a notice was enabled after the seen time',
      [maintenance, older],
      '2026-05-01T12:00:00Z',
      true,
    ],
    [
      'everything was enabled before the seen time',
      [maintenance, older],
      '2026-05-03T00:00:00Z',
      false,
    ],
    ['there are no notices', [], null, false],
    ['the stored time is garbage', [older], 'yesterday-ish', true],
  ])('%s', (_case, notices, seenAt, expected) => {
    expect(isImportant(notices, seenAt)).toBe(expected);
  });
});

describe('NoticesControl', () => {
  it("shows 'Important' until the list is opened, and stores the time on open and close", async () => {
    mockApi({ [NOTICES]: () => ok([maintenance, older]) });
    renderPage(<NoticesControl />, { path: '/devices' });
    const user = userEvent.setup();

    expect(within(await control()).getByText('Important')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.noticesSeenAt)).toBeNull();

    await user.click(await control());
    const list = await screen.findByRole('dialog', { name: 'Global notices' });
    expect(within(list).getByText('Notice 1')).toBeInTheDocument();
    const openedAt = localStorage.getItem(STORAGE_KEYS.noticesSeenAt);
    expect(Date.parse(openedAt ?? '')).toBeGreaterThan(Date.now() - 5000);
    expect(within(await control()).queryByText('Important')).not.toBeInTheDocument();

    localStorage.setItem(STORAGE_KEYS.noticesSeenAt, '2000-01-01T00:00:00.000Z');
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(localStorage.getItem(STORAGE_KEYS.noticesSeenAt)).not.toBe('2000-01-01T00:00:00.000Z'),
    );
    expect(screen.queryByRole('dialog', { name: 'Global notices' })).not.toBeInTheDocument();
    expect(within(await control()).queryByText('Important')).not.toBeInTheDocument();
  });

  it('shows images from http(s) and data sources, and no other new markup', async () => {
    const message =
      'Map: <img src="https://cdn.example/map.png" alt="Outage map" onerror="x()"> ' +
      '<img src="javascript:alert(1)" alt="Bad"> <iframe src="https://x.example"></iframe>';
    mockApi({ [NOTICES]: () => ok([notice(3, '2026-05-03T10:00:00Z', message)]) });
    renderPage(<NoticesControl />, { path: '/devices' });
    await userEvent.click(await control());
    const list = within(await screen.findByRole('dialog', { name: 'Global notices' }));
    const map = list.getByRole('img', { name: 'Outage map' });
    expect(map).toHaveAttribute('src', 'https://cdn.example/map.png');
    expect(map).not.toHaveAttribute('onerror');
    expect(list.getAllByRole('img')).toHaveLength(1);
    expect(list.getByText(/<img src="javascript:alert\(1\)" alt="Bad">/)).toBeInTheDocument();
    expect(list.getByText(/<iframe/)).toBeInTheDocument();
  });

  it("shows 'Important' again when a notice newer than the seen time arrives on a route change", async () => {
    localStorage.setItem(STORAGE_KEYS.noticesSeenAt, '2026-05-01T12:00:00.000Z');
    let notices = [older];
    const { calls } = mockApi({ [NOTICES]: () => ok(notices) });
    const { router } = renderPage(<NoticesControl />, { path: '/devices' });

    expect(within(await control()).queryByText('Important')).not.toBeInTheDocument();
    notices = [maintenance, older];
    await act(() => router.navigate('/devices?page=2'));
    expect(await within(await control()).findByText('Important')).toBeInTheDocument();
    expect(calls(NOTICES)).toHaveLength(2);
  });

  it('clears the notices and hides the alert when loading fails', async () => {
    let fail = false;
    mockApi({
      [NOTICES]: () => (fail ? errorResponse(500, 'INTERNAL_ERROR') : ok([maintenance])),
    });
    const { router } = renderPage(<NoticesControl />, { path: '/devices' });
    expect(await control()).toBeInTheDocument();

    fail = true;
    await act(() => router.navigate('/devices?page=2'));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Global notices/ })).not.toBeInTheDocument(),
    );
  });

  it('renders messages through the allow-list', async () => {
    const hostile = notice(
      3,
      '2026-05-03T10:00:00Z',
      'Read <a href="javascript:alert(1)" onclick="alert(2)">this</a> <b>now</b><img src=x onerror=alert(3)><script>alert(4)</script>',
    );
    mockApi({ [NOTICES]: () => ok([hostile]) });
    renderPage(<NoticesControl />, { path: '/devices' });
    await userEvent.click(await control());
    const list = await screen.findByRole('dialog', { name: 'Global notices' });

    expect(list.querySelector('b')).toHaveTextContent('now');
    const link = within(list).getByText('this');
    expect(link.tagName).toBe('A');
    expect(link).not.toHaveAttribute('href');
    expect(link).not.toHaveAttribute('onclick');
    // An image without an http(s) or data image source is escaped like any other tag.
    expect(list.querySelector('img, script')).toBeNull();
    expect(list).toHaveTextContent('<img src="x" onerror="alert(3)"><script>alert(4)</script>');
  });
});
