import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, ok } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { currentLocation, dialog, listOk, renderWithSession, template } from '../test-utils';
import { ReportsPage } from './reports-page';

const CHANNEL = 'private-status.7.abcdefghijklmnop';
const weekly = template();
const paused = template({
  id: 5,
  name: 'Depot tags',
  description: '',
  applied_by: 'tag',
  apply_list: [2],
  apply_list_names: ['North'],
  parameter_names: ['alerts'],
  is_active: 0,
  generated_at: null,
});

function renderWeekly() {
  return renderWithSession(<ReportsPage kind="week" />, {
    url: '/reports/periodic/week',
    path: '/reports/periodic/week',
    user: roleUser('admin'),
    api: {
      'GET /api/reports': () => listOk([weekly, paused]),
      'GET /api/companies': () => listOk([{ id: 3, name: 'Acme' }]),
      'POST /api/reports/4/generate': () =>
        jsonResponse(200, { success: true, meta: { channel: CHANNEL } }),
      [`GET /api/status/channel/${CHANNEL}`]: () =>
        ok({
          '4': [
            { status: 'started', value: 'Generating Weekly fleet' },
            {
              status: 'completed',
              value: 'Generated Weekly fleet (31)',
              link: '/report/generated/31',
            },
          ],
        }),
    },
  });
}

const rowOf = (table: HTMLElement, text: string) =>
  within(within(table).getByText(text).closest('tr') as HTMLElement);

describe('ReportsPage', () => {
  it("lists the period's templates from the API with what they apply to and hold", async () => {
    const view = renderWeekly();
    const table = await screen.findByRole('table', { name: 'Report templates' });
    await within(table).findByText('Weekly fleet');
    // The weekly list asks for periodic templates repeating weekly.
    const [url] = view.calls('GET /api/reports').at(-1) ?? [];
    const query = new URL(String(url), 'http://localhost').searchParams;
    expect(query.get('type')).toBe('periodic');
    expect(query.get('period')).toBe('week');
    expect(screen.getByRole('tab', { name: 'Weekly' })).toHaveAttribute('aria-selected', 'true');

    const first = rowOf(table, 'Weekly fleet');
    expect(first.getByText('RUT955, RUT240')).toBeInTheDocument();
    expect(first.getByText('Mobile data usage, Signal strength')).toBeInTheDocument();
    expect(first.getByText('2026-02-09 00:00:05')).toBeInTheDocument();
    expect(first.getByText('Yes')).toBeInTheDocument();
    const second = rowOf(table, 'Depot tags');
    expect(second.getByText('Tags:')).toBeInTheDocument();
    expect(second.getByText('Never')).toBeInTheDocument();
    expect(second.getByText('No')).toBeInTheDocument();
  });

  it('generates a report now, follows its status and opens the generated report', async () => {
    const view = renderWeekly();
    const table = await screen.findByRole('table', { name: 'Report templates' });
    await within(table).findByText('Weekly fleet');
    await view.user.click(screen.getByRole('button', { name: 'Actions for Weekly fleet' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Generate now' }));
    await waitFor(() => expect(view.calls('POST /api/reports/4/generate')).toHaveLength(1));

    const status = await dialog('Generating Weekly fleet');
    expect(await status.findByText('Generated Weekly fleet (31)')).toBeInTheDocument();
    await view.user.click(status.getByRole('link', { name: 'Open report' }));
    await waitFor(() => expect(currentLocation()).toBe('/report/generated/31'));
  });
});
