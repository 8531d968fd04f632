// Test-only: the tags pages' route harness (src/test/render-route) and their fixtures.
import type { Tag } from '@netfleet/contracts';

export {
  currentLocation,
  dialog,
  lastBody,
  listOk,
  pickerInput,
  renderWithSession,
} from '@/test/render-route';

export function tag(overrides: Partial<Tag> = {}): Tag {
  return {
    id: 7,
    company_id: 3,
    company_name: 'Acme',
    name: 'Gateways',
    description: 'Edge routers',
    color: '#1a2b3c',
    devices_count: 2,
    actions: [],
    created_at: '2026-02-03T10:00:00Z',
    updated_at: '2026-02-04T10:00:00Z',
    ...overrides,
  };
}
