// Test-only: the resources pages' route harness (src/test/render-route) and their fixtures.
import {
  CREDIT_TYPES,
  creditTypeTitleFor,
  type CompanyDataPurchase,
  type CreditCode,
  type CreditPool,
  type CreditSummary,
} from '@netfleet/contracts';

export {
  currentLocation,
  dialog,
  lastBody,
  listOk,
  pickerInput,
  renderWithSession,
} from '@/test/render-route';

/** GET /credits/types as a super admin (all) or anyone else (paid ones, "Paid" dropped) gets it. */
export const creditTypesFor = (superAdmin: boolean) =>
  CREDIT_TYPES.filter((type) => superAdmin || type.payment_type === 'paid').map((type) => ({
    ...type,
    title: creditTypeTitleFor(type, superAdmin),
  }));

export function pool(overrides: Partial<CreditPool> = {}): CreditPool {
  return {
    id: 11,
    company_id: 3,
    company_name: 'Acme',
    parent_company_name: null,
    credit_type: 'paid',
    credit_type_id: 4,
    credit_type_name: 'management_6m',
    credit_type_title: 'Management 6 months',
    credit_price: 2.5,
    pro_form_nr: 'PF-1',
    credit_count: 10,
    credit_left: 7,
    credit_reserved: 1,
    origin: 'added',
    assigned_at: '2026-02-03 10:00:00',
    expire_at: null,
    deleted_at: null,
    ...overrides,
  };
}

export function summary(left: CreditSummary['credits']['left']): CreditSummary {
  return {
    credits: {
      total: left.map((entry) => ({
        credit_type: entry.credit_type,
        credits_count: entry.credits_left,
      })),
      left,
    },
    credit_coverage: null,
    monitored_device: { total: 0, monitored: 0 },
  };
}

export function code(overrides: Partial<CreditCode> = {}): CreditCode {
  return {
    id: 21,
    code: 'k3v9q2m8x7c4b1n6z5l0p9o8i7u6y5t4',
    company_id: 3,
    company_name: 'Acme',
    email: 'ada@example.com',
    credits_amount: 5,
    credit_type: 'management_1y',
    comment: 'For Beta',
    is_used: false,
    used_by_company_id: null,
    used_by_company_name: null,
    used_by_user_id: null,
    activated_at: null,
    created_at: '2026-02-03 10:00:00',
    status: 'active',
    revoked_at: null,
    ...overrides,
  };
}

export function purchase(overrides: Partial<CompanyDataPurchase> = {}): CompanyDataPurchase {
  return {
    id: 31,
    company_id: 3,
    company: 'Acme',
    data: 3 * 2 * 1024 ** 3,
    credits_used: 3,
    from_pool_id: 11,
    user_id: 7,
    user: 'ada',
    email: 'ada@example.com',
    created_at: '2026-02-05 09:30:00',
    ...overrides,
  };
}
