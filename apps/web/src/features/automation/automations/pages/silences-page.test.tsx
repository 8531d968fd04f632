import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseApiDate, type Silence } from '@netfleet/contracts';
import { errorResponse, ok, type MockHandler } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { dialog, hoursFromNow, lastBody, listOk, renderWithSession, silence } from '../test-utils';
import { SilencesPage } from './silences-page';

const URL = '/management/automations/silences';
const LIST = 'GET /api/automations/silences';
const PUT = 'PUT /api/automations/silences/5';
const DELETE = 'DELETE /api/automations/silences/5';

type View = ReturnType<typeof renderList>;

function renderList(list: MockHandler, role: 'admin' | 'read_only' = 'admin') {
  return renderWithSession(<SilencesPage />, {
    url: URL,
    path: URL,
    user: roleUser(role),
    api: {
      [LIST]: list,
      [PUT]: () => ok(silence({ ends_at: hoursFromNow(0) })),
      [DELETE]: () => ok(null),
      'GET /api/automations': () => listOk([]),
      'GET /api/tags': () => listOk([]),
      'GET /api/devices': () => listOk([]),
    },
  });
}

/** A daily window that opened ten minutes ago (UTC), two hours long: open now. */
function openDailyCron(): string {
  const opened = new Date(Date.now() - 10 * 60_000);
  return `${opened.getUTCMinutes()} ${opened.getUTCHours()} * * *`;
}

const rowOf = async (name: string) => {
  const table = within(await screen.findByRole('table', { name: 'Silences' }));
  const cell = await table.findByRole('cell', { name });
  return within(cell.closest('tr') as HTMLElement);
};

async function openRowMenu(view: View, name: string) {
  await view.user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
}

describe('SilencesPage', { timeout: 30_000 }, () => {
  // One test moves the clock on; a failure there must not leave it moved for the next.
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the silences with their scope, window, state and notify after', async () => {
    renderList(() =>
      listOk([
        silence(),
        silence({
          id: 6,
          name: 'Upgrade',
          automation_ids: [12, 13],
          device_ids: [],
          tag_ids: [],
          starts_at: '2099-01-01 10:00:00',
          ends_at: '2099-01-01 12:00:00',
          notify_after: false,
        }),
        silence({ id: 7, name: 'Old', starts_at: hoursFromNow(-5), ends_at: hoursFromNow(-4) }),
        silence({
          id: 8,
          name: 'Nightly',
          starts_at: hoursFromNow(-48),
          ends_at: hoursFromNow(48),
          recurrence: { cron: openDailyCron(), time_zone: 'UTC', duration_seconds: 7200 },
        }),
      ]),
    );

    const active = await rowOf('Maintenance');
    expect(active.getByText('All automations')).toBeInTheDocument();
    expect(active.getByText('2 devices, 1 tag')).toBeInTheDocument();
    expect(active.getByText('Active now')).toBeInTheDocument();
    expect(active.getByRole('cell', { name: 'Yes' })).toBeInTheDocument();

    const scheduled = await rowOf('Upgrade');
    expect(scheduled.getByText('2 automations')).toBeInTheDocument();
    expect(scheduled.getByText('All devices')).toBeInTheDocument();
    // The cookie's zone (UTC in tests) is the user's time.
    expect(scheduled.getByText('2099-01-01 10:00:00 – 2099-01-01 12:00:00')).toBeInTheDocument();
    expect(scheduled.getByText('Scheduled')).toBeInTheDocument();
    expect(scheduled.getByRole('cell', { name: 'No' })).toBeInTheDocument();

    expect((await rowOf('Old')).getByText('Ended')).toBeInTheDocument();

    const nightly = await rowOf('Nightly');
    expect(nightly.getByText(/^Every day at \d\d:\d\d \(UTC\), for 2 h$/)).toBeInTheDocument();
    expect(nightly.getByText('Active now')).toBeInTheDocument();
  });

  it('shows the loading state, then the error with a retry', async () => {
    let answer: (response: Response) => void = () => undefined;
    renderList(() => new Promise<Response>((resolve) => (answer = resolve)));
    const table = await screen.findByRole('table', { name: 'Silences' });
    expect(table).toHaveAttribute('aria-busy', 'true');

    answer(errorResponse(500, 'INTERNAL_ERROR', 'Database unavailable'));
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('offers the first silence when there is none', async () => {
    const view = renderList(() => listOk([]));
    expect(await screen.findByText('No silences yet')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'New silence' });
    expect(buttons).toHaveLength(2);
    await view.user.click(buttons[1] as HTMLElement);
    expect(await dialog('New silence')).toBeTruthy();
  });

  it('deletes a silence only once confirmed', async () => {
    const view = renderList(() => listOk([silence()]));
    await openRowMenu(view, 'Maintenance');
    await view.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    let confirm = await dialog('Delete silence');
    expect(confirm.getByText(/Delete silence Maintenance\?/)).toBeInTheDocument();
    await view.user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete silence' })).not.toBeInTheDocument(),
    );
    expect(view.calls(DELETE)).toHaveLength(0);

    await openRowMenu(view, 'Maintenance');
    await view.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    confirm = await dialog('Delete silence');
    await view.user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Silence removed successfully')).toBeInTheDocument();
    expect(view.calls(DELETE)).toHaveLength(1);
  });

  it('ends an active silence now, shows it ended, and offers it only for one', async () => {
    // The list as the server keeps it: the window ends where End now put its end.
    // (The first list is asked for before renderList answers, hence the holder.)
    const sent: { calls?: View['calls'] } = {};
    const ended = () =>
      sent.calls?.(PUT).length ? { ends_at: (lastBody(sent.calls, PUT) as Silence).ends_at } : {};
    const view = renderList(() =>
      listOk([silence(ended()), silence({ id: 6, name: 'Upgrade', starts_at: hoursFromNow(24) })]),
    );
    sent.calls = view.calls;
    await openRowMenu(view, 'Upgrade');
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'End now' })).not.toBeInTheDocument();
    await view.user.keyboard('{Escape}');

    // A minute after the page was opened (its badges' clock ticks every 30 s).
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 60_000);
    const before = Date.now();
    await openRowMenu(view, 'Maintenance');
    await view.user.click(await screen.findByRole('menuitem', { name: 'End now' }));
    expect(await screen.findByText('Silence Maintenance ended')).toBeInTheDocument();
    const body = lastBody(view.calls, PUT) as { ends_at: string };
    expect(Object.keys(body)).toEqual(['ends_at']);
    // Sent to the second: within a second of the click.
    expect(parseApiDate(body.ends_at)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(parseApiDate(body.ends_at)).toBeLessThanOrEqual(Date.now());
    // Read against the time of the fresh list, not the clock of the page's first render.
    expect(await (await rowOf('Maintenance')).findByText('Ended')).toBeInTheDocument();
  });

  it('gates the writes behind the manage permission', async () => {
    renderList(() => listOk([silence()]), 'read_only');
    expect(await rowOf('Maintenance')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New silence' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Actions for Maintenance' }),
    ).not.toBeInTheDocument();
  });
});
