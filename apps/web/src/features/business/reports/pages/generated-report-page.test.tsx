import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { detail, renderWithSession } from '../test-utils';
import { GeneratedReportPage } from './generated-report-page';

const file = (type: string) => () =>
  new Response('file', {
    status: 200,
    headers: { 'Content-Type': type, 'Content-Disposition': 'attachment; filename="r.bin"' },
  });

function renderReport() {
  return renderWithSession(<GeneratedReportPage />, {
    url: '/report/generated/31',
    path: '/report/generated/:id',
    user: roleUser('admin'),
    api: {
      'GET /api/reports/generated/31': () => ok(detail()),
      'GET /api/reports/generated/31/pdf': file('application/pdf'),
      'GET /api/reports/generated/31/csv': file('text/csv'),
    },
  });
}

describe('GeneratedReportPage', () => {
  // jsdom has no object URLs: the downloads' blobs are handed to a stub and the link click noted.
  beforeEach(() => {
    URL.createObjectURL = () => 'blob:file';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows the report's summary and device figures and downloads its PDF and CSV", async () => {
    const view = renderReport();
    expect(await screen.findByRole('heading', { name: 'Weekly fleet' })).toBeInTheDocument();
    expect(screen.getByText(/2026-02-02 00:00:00 – 2026-02-09 00:00:00/)).toBeInTheDocument();

    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByRole('group', { name: 'Total' })).toHaveTextContent('3584 MB');
    const strongest = within(summary).getByRole('group', { name: 'Strongest signal' });
    expect(strongest).toHaveTextContent('-61 dBm');
    expect(strongest).toHaveTextContent('RUT955');

    // The device row holds the columns of the report's parameters only.
    const devices = screen.getByRole('table', { name: 'Devices' });
    expect(within(devices).getByRole('columnheader', { name: 'Received SIM 1' })).toBeVisible();
    expect(within(devices).queryByRole('columnheader', { name: 'Router uptime' })).toBeNull();
    const row = within(devices).getByRole('row', { name: /RUT955/ });
    expect(row).toHaveTextContent('3072 MB');
    expect(row).toHaveTextContent('512 MB');
    expect(row).toHaveTextContent('-87 dBm');

    await view.user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await view.user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(view.calls('GET /api/reports/generated/31/pdf')).toHaveLength(1));
    await waitFor(() => expect(view.calls('GET /api/reports/generated/31/csv')).toHaveLength(1));
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalledTimes(2);
  });
});
