// Test-only: the images page under the route harness, and its fixtures.
import type { CurrentUser, ImageInfo } from '@netfleet/contracts';
import type { MockHandler } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { listOk, renderWithSession } from '@/test/render-route';
import { ImagesPage } from './pages/images-page';

export { dialog, lastBody } from '@/test/render-route';

export const IMAGES_URL = '/management/files/images';
export const IMAGES = 'GET /api/images';

export function imageInfo(overrides: Partial<ImageInfo> = {}): ImageInfo {
  return {
    id: 61,
    company_id: 3,
    company_name: 'Acme',
    user_id: 7,
    name: 'lobby.png',
    description: 'Lobby floor plan',
    size: 107_394,
    original_width: 1107,
    original_height: 945,
    type: 'device_dashboard',
    mime_type: 'image/png',
    updated_at: '2026-11-02 08:30:00',
    created_at: '2026-11-02 08:30:00',
    ...overrides,
  };
}

/** The page signed in as an admin (manage_images) unless another user is given. */
export function renderImages(
  rows: readonly ImageInfo[],
  api: Record<string, MockHandler> = {},
  user: CurrentUser = roleUser('admin'),
) {
  return renderWithSession(<ImagesPage />, {
    url: IMAGES_URL,
    path: IMAGES_URL,
    user,
    api: { [IMAGES]: () => listOk(rows), 'GET /api/companies': () => listOk([]), ...api },
  });
}
