import { DATA_PACK_BYTES } from '@netfleet/contracts';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { formatDateTime } from '@/components/data-table';
import { registerNamedDialogs } from '@/components/dialogs';
import { roleUser } from '@/test/fixtures';
import { device, dialog, listOk, renderDevicePage } from '../test-utils';

configure({ asyncUtilTimeout: 5000 });

const PAGE = '/devices/42/services';
const API = { 'GET /api/devices/42/information-history': () => listOk([]) };
const GB = 1024 ** 3;
/** A pack set in 2026 with 120 GB used. */
const withPack = device({
  data_credit_type: 'data_150GB_10y',
  data_credit_type_name: 'Data 150 GB, 10 years',
  data_credit_type_id: 14,
  data_pack_activated_at: '2026-03-01 09:00:00',
  data_pack_expire_date: '2036-03-01 09:00:00',
  data_pack_bytes: DATA_PACK_BYTES,
  remaining_data: 30 * GB,
});

/** The app layer registers the real dialog; the device page knows only its name. */
function stubSetPack() {
  const build = vi.fn((_props: unknown) => ({ id: 'set-pack', title: 'Set pack', content: null }));
  onTestFinished(registerNamedDialogs({ 'device-actions.set-pack': build }));
  return build;
}

describe('Services tab: the device’s data pack', { timeout: 30_000 }, () => {
  it('shows the pack’s type, dates and the data left as a bar', async () => {
    renderDevicePage(PAGE, roleUser('admin'), withPack, API);
    const table = within(await screen.findByRole('table', { name: 'Data pack' }));
    expect(table.getByText('Data 150 GB, 10 years')).toBeInTheDocument();
    expect(table.getByText(formatDateTime('2026-03-01 09:00:00'))).toBeInTheDocument();
    expect(table.getByText(formatDateTime('2036-03-01 09:00:00'))).toBeInTheDocument();
    expect(table.getByRole('progressbar', { name: 'Remaining data' })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
    expect(table.getByText('30 GB of 150 GB left')).toBeInTheDocument();
    // In use: no second pack is offered.
    expect(screen.queryByRole('button', { name: 'Set pack' })).toBeNull();
  });

  it('says an expired pack has nothing left and offers a new one', async () => {
    stubSetPack();
    renderDevicePage(PAGE, roleUser('admin'), { ...withPack, remaining_data: null }, API);
    const table = within(await screen.findByRole('table', { name: 'Data pack' }));
    expect(table.getByText('Expired')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set pack' })).toBeInTheDocument();
  });

  it('offers Set pack for a device without one, opening the dialog by its spec name', async () => {
    const build = stubSetPack();
    const view = renderDevicePage(PAGE, roleUser('admin'), device(), API);
    expect(await screen.findByText('No data pack')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Set pack' }));
    await dialog('Set pack');
    expect(build).toHaveBeenCalledWith({
      devices: [{ id: 42, name: 'Depot router', company_id: 3 }],
      onDone: expect.any(Function),
    });
  });
});
