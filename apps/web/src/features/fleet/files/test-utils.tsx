// Test-only: the files page under the route harness, and its fixtures.
import type { CurrentUser, FileInfo } from '@netfleet/contracts';
import type { MockHandler } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { listOk, renderWithSession } from '@/test/render-route';
import { FilesPage } from './pages/files-page';

export { dialog, lastBody, listOk } from '@/test/render-route';

export const FILES_URL = '/management/files';
export const FILES = 'GET /api/files';

/** The query parameters of a call's URL. */
export const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

export function fileInfo(overrides: Partial<FileInfo> = {}): FileInfo {
  return {
    id: 41,
    company_id: 3,
    company_name: 'Acme',
    type: 'firmware',
    name: 'RUT9_R_00.07.07.bin',
    description: 'Nightly',
    size: 15_728_640,
    file_size: 15_728_640,
    device_id: null,
    device_model: 'RUT955',
    version: null,
    sha256: 'a'.repeat(64),
    created_by: 7,
    created_at: '2026-11-02 08:30:00',
    ...overrides,
  };
}

/** The page signed in as an admin (manage_files, view_companies) unless another user is given. */
export function renderFiles(
  rows: readonly FileInfo[],
  api: Record<string, MockHandler> = {},
  user: CurrentUser = roleUser('admin'),
) {
  return renderWithSession(<FilesPage />, {
    url: FILES_URL,
    path: FILES_URL,
    user,
    api: { [FILES]: () => listOk(rows), 'GET /api/companies': () => listOk([]), ...api },
  });
}
