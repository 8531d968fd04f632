import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CREDIT_TYPES, creditTypeTitleFor, managementCreditTypes } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { roleUser } from '@/test/fixtures';
import { jsonResponse } from '@/test/mock-api';
import { device, dialog, lastBody, listOk, renderDevicePage } from '../test-utils';

configure({ asyncUtilTimeout: 5000 });

const admin = roleUser('admin');
const PAGE = '/devices/42/services';
const PUT = 'PUT /api/devices/credit';
const CHANNEL = { success: true, meta: { channel: 'private-status.7.abc' } };
/** GET /credits/types?license_type=management as an admin sees it: paid, "Paid" left out. */
const MANAGEMENT_TYPES = managementCreditTypes(CREDIT_TYPES)
  .filter((type) => type.payment_type === 'paid')
  .map((type) => ({ ...type, title: creditTypeTitleFor(type, false) }));
const BASE_API = {
  'GET /api/devices/42/information-history': () => listOk([]),
  'GET /api/credits/types': () => listOk(MANAGEMENT_TYPES),
};

/** A device of a paid company whose six-month period runs until the end of 2027. */
const covered = device({
  credit_required: true,
  credit_enabled: 1,
  credit_activated: 1,
  credit_expire_date: '2027-12-31 10:00:00',
  auto_extend_credit: 1,
  management_credit_type: 'management_6m',
  management_credit_type_name: 'Management 6 months',
  management_credit_type_id: 4,
});
const uncovered = device({
  credit_required: true,
  credit_enabled: 0,
  credit_activated: 0,
  credit_expire_date: null,
  auto_extend_credit: 1,
});

const table = () => within(screen.getByRole('table', { name: 'Management credit' }));

describe('Services tab: the device’s management credit', { timeout: 30_000 }, () => {
  it('shows a running period and switches auto-extend off with PUT /devices/credit', async () => {
    const view = renderDevicePage(PAGE, admin, covered, {
      ...BASE_API,
      [PUT]: () => jsonResponse(201, CHANNEL),
    });
    expect(
      await screen.findByText('Required: the company pays for device management'),
    ).toBeVisible();
    const until = formatDateTime('2027-12-31 10:00:00');
    expect(table().getByText(`Active until ${until}`)).toBeInTheDocument();
    expect(table().getByText('Management 6 months')).toBeInTheDocument();
    expect(table().getByText(until)).toBeInTheDocument();

    const autoExtend = table().getByRole('switch', { name: 'Auto-extend' });
    expect(autoExtend).toBeChecked();
    await view.user.click(autoExtend);
    await waitFor(() => expect(view.calls(PUT)).toHaveLength(1));
    expect(lastBody(view.calls, PUT)).toEqual({ device_id: 42, auto_extend_credit: 0 });
    expect(await screen.findByText('Auto-extend turned off')).toBeInTheDocument();
  });

  it('says a free company’s device needs no credit', async () => {
    renderDevicePage(PAGE, admin, device({ credit_required: false, credit_enabled: 0 }), BASE_API);
    expect(await screen.findByText('Not required')).toBeInTheDocument();
    expect(
      screen.getByText('Not required: the company does not pay for device management'),
    ).toBeInTheDocument();
  });

  it('enables credits with a management type from the picker, once the spending is confirmed', async () => {
    const view = renderDevicePage(PAGE, admin, uncovered, {
      ...BASE_API,
      [PUT]: () => jsonResponse(201, CHANNEL),
    });
    expect(await screen.findByText('Not enabled')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Manage services' }));
    const form = await dialog('Manage services');
    // The type appears once credits are to be used.
    expect(form.queryByLabelText(/^Resource type/)).not.toBeInTheDocument();
    await view.user.click(form.getByLabelText('Use management credits for this device'));
    await view.user.click(form.getByLabelText(/^Resource type/, { selector: 'input' }));
    await view.user.click(await screen.findByRole('option', { name: 'Management 6 months' }));
    const [typesUrl] = view.calls('GET /api/credits/types').at(-1) ?? [];
    expect(String(typesUrl)).toContain('license_type=management');
    await view.user.click(form.getByRole('button', { name: 'Save' }));

    const confirm = await dialog('Confirm');
    expect(confirm.getByText(/spends one resource of the chosen type/)).toBeInTheDocument();
    expect(view.calls(PUT)).toHaveLength(0);
    await view.user.click(confirm.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(view.calls(PUT)).toHaveLength(1));
    expect(lastBody(view.calls, PUT)).toEqual({
      device_id: 42,
      credit_enabled: 1,
      auto_extend_credit: 1,
      credit_type_id: 4,
    });
  });

  it('shows the server’s refusal under the type field and keeps the dialog open', async () => {
    const view = renderDevicePage(PAGE, admin, uncovered, {
      ...BASE_API,
      [PUT]: () =>
        jsonResponse(422, {
          success: false,
          errors: [
            {
              code: 'VALIDATION_ERROR',
              message: 'Not enough resources: 0 left',
              source: 'credit_type_id',
            },
          ],
        }),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Manage services' }));
    const form = await dialog('Manage services');
    await view.user.click(form.getByLabelText('Use management credits for this device'));
    await view.user.click(form.getByLabelText(/^Resource type/, { selector: 'input' }));
    await view.user.click(await screen.findByRole('option', { name: 'Management 1 year' }));
    await view.user.click(form.getByRole('button', { name: 'Save' }));
    await view.user.click((await dialog('Confirm')).getByRole('button', { name: 'Confirm' }));

    const typeInput = form.getByLabelText(/^Resource type/, { selector: 'input' });
    await waitFor(() =>
      expect(typeInput).toHaveAccessibleDescription(/Not enough resources: 0 left/),
    );
    expect(screen.getByRole('dialog', { name: 'Manage services' })).toBeInTheDocument();
  });
});
