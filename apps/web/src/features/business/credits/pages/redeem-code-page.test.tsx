import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CREDIT_CODE_MESSAGES, type ActivatedPool } from '@netfleet/contracts';
import { jsonResponse, type MockHandler } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { lastBody, renderWithSession } from '../test-utils';
import { RedeemCodePage } from './redeem-code-page';

const newPool: ActivatedPool = {
  id: 31,
  company_id: 3,
  license_type_id: 6,
  licence_type: 'management_1y',
  licence_count: 5,
  licence_left: 5,
  licence_reserved: 0,
  licence_price: 0,
  pro_form_nr: null,
  parent_pool_id: 11,
  parent_pool_id_company_name: 'Beta',
  validity: 12,
  buy_date: '2026-02-05 10:00:00',
  expire_at: null,
  deleted_at: null,
  user_id: 7,
  created_at: '2026-02-05 10:00:00',
  updated_at: '2026-02-05 10:00:00',
};

function renderRedeem(activate: MockHandler) {
  return renderWithSession(<RedeemCodePage />, {
    url: '/redeem-code',
    path: '/redeem-code',
    user: roleUser('admin'),
    api: { 'POST /api/credits/codes/activate': activate },
  });
}

const codeInput = () => screen.getByLabelText(/^Code/);

describe('RedeemCodePage', () => {
  it('shows why the server refused the code under the field', async () => {
    const view = renderRedeem(() =>
      jsonResponse(422, {
        success: false,
        errors: [{ code: 'VALIDATION_ERROR', message: CREDIT_CODE_MESSAGES.used, source: 'code' }],
      }),
    );
    await view.user.type(codeInput(), 'k3v9q2m8x7c4b1n6z5l0p9o8i7u6y5t4');
    await view.user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText(CREDIT_CODE_MESSAGES.used)).toBeInTheDocument();
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('list', { name: 'Resources received' })).not.toBeInTheDocument();
  });

  it('activates the code and lists the resources it brought', async () => {
    const view = renderRedeem(() =>
      jsonResponse(200, { success: true, data: [newPool], meta: { amount: 5 } }),
    );
    await view.user.type(codeInput(), 'k3v9q2m8x7c4b1n6z5l0p9o8i7u6y5t4');
    await view.user.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(view.calls('POST /api/credits/codes/activate')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/credits/codes/activate')).toEqual({
      code: 'k3v9q2m8x7c4b1n6z5l0p9o8i7u6y5t4',
    });
    expect(await screen.findByText('Code activated successfully')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Resources received' })).toHaveTextContent(
      '5 × Management 1 year from Beta',
    );
    // A fresh form for the next code.
    expect(codeInput()).toHaveValue('');
  });
});
