// Test-only: the companies pages' route harness (src/test/render-route), their fixtures, and a
// record of the 'Action status' dialogs they open.
import { afterEach, beforeEach, vi } from 'vitest';
import type { Company } from '@netfleet/contracts';
import { registerActionStatus, type ActionStatusHandler } from '@/lib/action-status';

export {
  currentLocation,
  dialog,
  lastBody,
  listOk,
  pickerInput,
  renderWithSession,
} from '@/test/render-route';

export const actionStatusOpened = vi.fn<ActionStatusHandler>();
let unregister: () => void = () => undefined;

beforeEach(() => {
  unregister = registerActionStatus(actionStatusOpened);
});

afterEach(() => {
  unregister();
  actionStatusOpened.mockReset();
});

export function company(overrides: Partial<Company> = {}): Company {
  return {
    id: 5,
    name: 'Acme',
    level: 2,
    parent_id: 3,
    parent_name: 'Holding',
    email: 'office@acme.test',
    credits_left: null,
    packs_left: null,
    remaining_data: 0,
    payment_type: 'free',
    show_payment: false,
    mfa_enforced: false,
    users_count: 4,
    devices_count: 2,
    can_use_parent_license: null,
    child_count: 1,
    created_at: '2026-02-03T10:00:00Z',
    ...overrides,
  };
}
