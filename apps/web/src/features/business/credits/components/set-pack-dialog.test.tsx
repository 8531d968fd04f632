import { DATA_PACK_MESSAGES } from '@netfleet/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dialogs } from '@/components/dialogs';
import { roleUser } from '@/test/fixtures';
import { jsonResponse, ok } from '@/test/mock-api';
import { dialog, lastBody, pickerInput, renderWithSession, summary } from '../test-utils';
import { setPackDialog, type SetPackDialogProps } from './set-pack-dialog';

const PUT = 'PUT /api/devices/data-pack';
const CHANNEL = { success: true, meta: { channel: 'private-status.7.abc' } };
const DEPOT = { id: 42, name: 'Depot router', company_id: 3 };
const BETA = { id: 43, name: 'Beta router', company_id: 5 };
/** What Acme (company 3) has left: three paid data packs. */
const ACME_LEFT = summary([
  {
    credit_type_id: 14,
    credit_type: 'data_150GB_10y',
    credit_type_name: 'Data 150 GB, 10 years',
    credits_left: 3,
    payment_type: 'paid',
  },
]);
const refused =
  (...errors: [message: string, source: string][]) =>
  () =>
    jsonResponse(422, {
      success: false,
      errors: errors.map(([message, source]) => ({ code: 'VALIDATION_ERROR', message, source })),
    });

function open(props: SetPackDialogProps, put: () => Response, role: 'admin' | 'super_admin') {
  const view = renderWithSession(<div />, {
    url: '/',
    path: '/',
    user: roleUser(role, { company_id: 3 }),
    api: { 'GET /api/credits/summary': () => ok(ACME_LEFT), [PUT]: put },
  });
  act(() => dialogs.open(setPackDialog(props)));
  return view;
}

describe('set pack dialog', () => {
  it('spends a pack of the one type an admin has, showing what the company has left', async () => {
    const onDone = vi.fn();
    const view = open({ devices: [DEPOT], onDone }, () => jsonResponse(201, CHANNEL), 'admin');
    const form = await dialog(/Set pack/);
    const type = pickerInput(form, 'Data pack type');
    await waitFor(() => expect(type).toHaveValue('Data 150 GB, 10 years (3 left)'));
    expect(form.getByText('One data pack credit will be spent per device')).toBeVisible();
    const summaryUrl = String(view.calls('GET /api/credits/summary')[0]?.[0]);
    expect(new URL(summaryUrl, 'http://localhost').search).toBe('?company_id=3');

    await view.user.click(form.getByRole('button', { name: 'Set pack' }));
    await waitFor(() => expect(view.calls(PUT)).toHaveLength(1));
    expect(lastBody(view.calls, PUT)).toEqual({ credit_type_id: 14, device_id: 42 });
    expect(await screen.findByText('Data pack set')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Set pack/ })).toBeNull());
  });

  it('shows the server’s refusals: the type’s under its field, the device’s above the buttons', async () => {
    const onDone = vi.fn();
    const view = open(
      { devices: [DEPOT], onDone },
      refused(
        ['Not enough resources: 0 left', 'credit_type_id'],
        [DATA_PACK_MESSAGES.active, 'device_id'],
      ),
      'admin',
    );
    const form = await dialog(/Set pack/);
    await waitFor(() =>
      expect(pickerInput(form, 'Data pack type')).toHaveValue('Data 150 GB, 10 years (3 left)'),
    );
    await view.user.click(form.getByRole('button', { name: 'Set pack' }));
    const message = await form.findByText('Not enough resources: 0 left');
    const field = pickerInput(form, 'Data pack type');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby') ?? '').toContain(message.id);
    expect(form.getByRole('alert')).toHaveTextContent(DATA_PACK_MESSAGES.active);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends several devices as data and names the refused ones', async () => {
    const view = open(
      { devices: [DEPOT, BETA] },
      refused([DATA_PACK_MESSAGES.active, 'data.1.device_id']),
      'admin',
    );
    const form = await dialog(/Set pack/);
    expect(form.getByText('2 devices')).toBeInTheDocument();
    // Two companies: no one company's credits to show.
    expect(pickerInput(form, 'Data pack type')).toHaveValue('Data 150 GB, 10 years');
    await view.user.click(form.getByRole('button', { name: 'Set pack' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      `Beta router: ${DATA_PACK_MESSAGES.active}`,
    );
    expect(lastBody(view.calls, PUT)).toEqual({
      credit_type_id: 14,
      data: [{ device_id: 42 }, { device_id: 43 }],
    });
    expect(view.calls('GET /api/credits/summary')).toHaveLength(0);
  });

  it('lets a super admin choose the free or the paid type, and asks for one', async () => {
    const view = open({ devices: [DEPOT] }, () => jsonResponse(201, CHANNEL), 'super_admin');
    const form = await dialog(/Set pack/);
    const type = pickerInput(form, 'Data pack type');
    expect(type).toHaveValue('');
    await view.user.click(form.getByRole('button', { name: 'Set pack' }));
    expect(await form.findByText(DATA_PACK_MESSAGES.typeRequired)).toBeInTheDocument();
    expect(view.calls(PUT)).toHaveLength(0);

    await view.user.click(type);
    expect(await screen.findByRole('option', { name: /^Free Data 150 GB/ })).toBeInTheDocument();
    await view.user.click(screen.getByRole('option', { name: /^Paid Data 150 GB/ }));
    await view.user.click(form.getByRole('button', { name: 'Set pack' }));
    await waitFor(() => expect(view.calls(PUT)).toHaveLength(1));
    expect(lastBody(view.calls, PUT)).toEqual({ credit_type_id: 14, device_id: 42 });
  });
});
