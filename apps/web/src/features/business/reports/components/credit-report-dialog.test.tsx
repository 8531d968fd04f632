import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogs } from '@/components/dialogs';
import { ok } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { creditReport, dialog, renderWithSession } from '../test-utils';
import { creditReportDialog } from './credit-report-dialog';

const queryOf = (calls: unknown[][]) =>
  new URL(String(calls.at(-1)?.[0]), 'http://localhost').searchParams;

describe('credit report dialog', () => {
  beforeEach(() => {
    URL.createObjectURL = () => 'blob:file';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows a company's credit totals for the chosen days and downloads them as a PDF", async () => {
    const view = renderWithSession(<div />, {
      url: '/',
      path: '/',
      user: roleUser('admin'),
      api: {
        'GET /api/companies': () => ok([{ id: 3, name: 'Acme' }]),
        'GET /api/credits/report/json': () => ok(creditReport()),
        'GET /api/credits/report': () =>
          new Response('%PDF', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
      },
    });
    act(() => dialogs.open(creditReportDialog()));
    const form = await dialog('Credit report');
    // The days are read on the user's wall clock (UTC in tests), both included.
    fireEvent.change(form.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(form.getByLabelText('To'), { target: { value: '2026-01-31' } });
    expect(view.calls('GET /api/credits/report/json')).toHaveLength(0);
    await view.user.click(form.getByRole('button', { name: 'Show' }));

    const totals = await form.findByRole('list', { name: 'Totals' });
    expect(
      within(totals).getByRole('listitem', { name: 'Credits spent on devices' }),
    ).toHaveTextContent('17');
    expect(
      within(totals).getByRole('listitem', { name: 'Credits put in codes' }),
    ).toHaveTextContent('5');
    const query = queryOf(view.calls('GET /api/credits/report/json'));
    expect(query.get('company_id')).toBe('3');
    expect(query.get('start_date')).toBe('2026-01-01 00:00:00');
    expect(query.get('end_date')).toBe('2026-01-31 23:59:59');

    await view.user.click(form.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(view.calls('GET /api/credits/report')).toHaveLength(1));
    expect(queryOf(view.calls('GET /api/credits/report')).get('end_date')).toBe(
      '2026-01-31 23:59:59',
    );
  });

  it('refuses an end before the start without asking the server', async () => {
    const view = renderWithSession(<div />, {
      url: '/',
      path: '/',
      user: roleUser('admin'),
      api: { 'GET /api/companies': () => ok([{ id: 3, name: 'Acme' }]) },
    });
    act(() => dialogs.open(creditReportDialog()));
    const form = await dialog('Credit report');
    fireEvent.change(form.getByLabelText('From'), { target: { value: '2026-02-01' } });
    fireEvent.change(form.getByLabelText('To'), { target: { value: '2026-01-31' } });
    await view.user.click(form.getByRole('button', { name: 'Show' }));
    expect(form.getByLabelText('To')).toHaveAccessibleDescription(
      'The end must not be before the start',
    );
    expect(view.calls('GET /api/credits/report/json')).toHaveLength(0);
  });
});
