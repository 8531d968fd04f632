import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '@netfleet/contracts';
import { SchemaForm } from '@/components/schema-form';
import { jsonResponse } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { lastBody, listOk, renderWithSession, template } from '../test-utils';
import { newReportForm } from './new-report';

function renderForm(answer = () => jsonResponse(200, { success: true, data: template() })) {
  return renderWithSession(<SchemaForm definition={newReportForm} />, {
    url: '/',
    path: '/',
    user: roleUser('admin'),
    api: {
      'GET /api/devices': () => listOk([{ id: 11, name: 'RUT955' }]),
      'GET /api/companies': () => listOk([{ id: 3, name: 'Acme' }]),
      'POST /api/reports': answer,
    },
  });
}

/** An input by its whole label (required ones end with an asterisk). */
const input = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}( \\*)?$`), { selector: 'input' });

async function choose(view: ReturnType<typeof renderForm>, label: string, option: string) {
  await view.user.click(input(label));
  await view.user.click(await screen.findByRole('option', { name: option }));
}

/** A single report over a custom week, of one device's data usage. */
async function fillCustom(view: ReturnType<typeof renderForm>) {
  await view.user.type(input('Name'), 'Jan');
  await choose(view, 'Period', 'Custom');
  // datetime-local inputs take a whole value at once (the zone is UTC in tests).
  fireEvent.change(input('Start date'), { target: { value: '2026-01-05T00:00' } });
  fireEvent.change(input('End date'), { target: { value: '2026-01-12T00:00' } });
  await choose(view, 'Parameters', 'Mobile data usage');
  await choose(view, 'Devices', 'RUT955');
}

describe('new-report', () => {
  it('asks for dates only for a custom period, and periodic reports never have one', async () => {
    const view = renderForm();
    expect(input('Period')).toHaveValue('Day');
    expect(screen.queryByLabelText(/^Start date/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^End date/)).not.toBeInTheDocument();

    await choose(view, 'Period', 'Custom');
    expect(input('Start date')).toBeInTheDocument();
    expect(input('End date')).toBeInTheDocument();

    // Periodic: the period becomes how it repeats, without custom, and the dates go.
    await view.user.click(screen.getByRole('radio', { name: 'Periodic' }));
    expect(screen.queryByLabelText(/^Period( \*)?$/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Start date/)).not.toBeInTheDocument();
    await view.user.click(input('Repeats'));
    expect(await screen.findByRole('option', { name: 'Weekly' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Custom' })).not.toBeInTheDocument();
  });

  it("sends the custom period and shows the server's refusal under End date", async () => {
    const view = renderForm(() =>
      jsonResponse(422, {
        success: false,
        errors: [
          {
            code: 'VALIDATION_ERROR',
            message: REPORT_MESSAGES.periodInFuture,
            source: 'end_date',
          },
        ],
      }),
    );
    await fillCustom(view);
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.calls('POST /api/reports')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/reports')).toMatchObject({
      name: 'Jan',
      type: 'single',
      period: 'custom',
      start_date: '2026-01-05 00:00:00',
      end_date: '2026-01-12 00:00:00',
      parameters: ['data_usage'],
      applied_by: 'device',
      apply_list: [11],
      recipients: [],
    });
    await waitFor(() =>
      expect(input('End date')).toHaveAccessibleDescription(REPORT_MESSAGES.periodInFuture),
    );
    expect(input('End date')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Start date')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('takes the recipients from a pasted list and a CSV file, without duplicates', async () => {
    const view = renderForm();
    await fillCustom(view);
    const recipients = screen.getByLabelText(/^Recipients/, { selector: 'input:not([type=file])' });
    await view.user.click(recipients);
    await view.user.paste('ops@acme.test, noc@acme.test');
    const file = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!file) throw new Error('No CSV input');
    const csv = new File(['noc@acme.test\r\nboss@acme.test\n\n'], 'team.csv', { type: 'text/csv' });
    await view.user.upload(file, csv);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove boss@acme.test' })).toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Example CSV' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.calls('POST /api/reports')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/reports')).toMatchObject({
      recipients: ['ops@acme.test', 'noc@acme.test', 'boss@acme.test'],
    });
  });
});
