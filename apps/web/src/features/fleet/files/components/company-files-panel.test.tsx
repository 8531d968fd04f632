import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roleUser } from '@/test/fixtures';
import { stubUploads } from '@/test/fake-xhr';
import { listOk, renderWithSession } from '@/test/render-route';
import { dialog, FILES, fileInfo, queryOf } from '../test-utils';
import { CompanyFilesPanel } from './company-files-panel';

const company = { id: 12, name: 'Acme South' };
const firmware = fileInfo({ company_id: 12, company_name: 'Acme South' });

function renderPanel(rows = [firmware], user = roleUser('admin')) {
  return renderWithSession(<CompanyFilesPanel company={company} />, {
    url: '/companies/12/files',
    path: '/companies/:company_id/:tab?',
    user,
    api: { [FILES]: () => listOk(rows), 'GET /api/companies': () => listOk([]) },
  });
}

describe('CompanyFilesPanel', { timeout: 30_000 }, () => {
  it("lists only the company's files and offers no company filter", async () => {
    const view = renderPanel();
    await screen.findByText(firmware.name);
    expect(queryOf(view.calls(FILES)[0]?.[0])).toMatchObject({ company_id: '12' });
    expect(screen.queryByRole('combobox', { name: /Filter Company/ })).toBeNull();
  });

  it('uploads to the company of the tab', async () => {
    const { calls } = stubUploads(() => ({
      status: 200,
      body: { success: true, data: firmware, meta: { id: firmware.id } },
    }));
    const view = renderPanel([]);
    await screen.findByText('No files yet');
    await view.user.click(screen.getAllByRole('button', { name: 'Upload file' })[0] as HTMLElement);
    const form = await dialog('Upload file');
    expect(form.getByRole('combobox', { name: /^Company/ })).toHaveValue('Acme South');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    fireEvent.change(input as HTMLInputElement, {
      target: { files: [new File(['fw'], 'RUTX_R_00.07.10.bin')] },
    });
    await view.user.click(form.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.form.get('company_id')).toBe('12');
  });

  it('offers no upload to a user who may not manage files', async () => {
    renderPanel([firmware], roleUser('read_only'));
    await screen.findByText(firmware.name);
    expect(screen.queryByRole('button', { name: 'Upload file' })).toBeNull();
  });
});
