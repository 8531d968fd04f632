import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { code, dialog, listOk, renderWithSession } from '../test-utils';
import { CodesPage } from './codes-page';

const used = code({
  id: 22,
  code: 'usedcode0000000000000000000000aa',
  status: 'used',
  is_used: true,
  used_by_company_id: 5,
  used_by_company_name: 'Beta',
  activated_at: '2026-02-04 10:00:00',
});

function renderCodes() {
  return renderWithSession(<CodesPage />, {
    url: '/resources/codes',
    path: '/resources/codes',
    user: roleUser('admin'),
    api: {
      'GET /api/credits/codes': () => listOk([code(), used]),
      'GET /api/companies': () => listOk([{ id: 3, name: 'Acme' }]),
      'DELETE /api/credits/codes/21': () => ok(),
    },
  });
}

const rowOf = (table: HTMLElement, text: string) =>
  within(within(table).getByText(text).closest('tr') as HTMLElement);

describe('CodesPage', () => {
  it('revokes an unused code only after confirming where its credits go', async () => {
    const view = renderCodes();
    const table = await screen.findByRole('table', { name: 'Codes' });
    await within(table).findByText(code().code);
    expect(rowOf(table, code().code).getByText('Not used')).toBeInTheDocument();
    expect(rowOf(table, used.code).getByText('Used')).toBeInTheDocument();

    // An activated code has handed its credits over: nothing to revoke.
    await view.user.click(screen.getByRole('button', { name: `Actions for ${used.code}` }));
    expect(await screen.findByRole('menuitem', { name: 'Edit comment' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Revoke' })).not.toBeInTheDocument();
    await view.user.keyboard('{Escape}');

    await view.user.click(screen.getByRole('button', { name: `Actions for ${code().code}` }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Revoke' }));
    const confirm = await dialog('Revoke code');
    expect(confirm.getByText('Revoke code? Its 5 credit(s) return to Acme.')).toBeInTheDocument();
    expect(view.calls('DELETE /api/credits/codes/21')).toHaveLength(0);
    await view.user.click(confirm.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(view.calls('DELETE /api/credits/codes/21')).toHaveLength(1));
    expect(await screen.findByText('Code revoked successfully')).toBeInTheDocument();
  });
});
