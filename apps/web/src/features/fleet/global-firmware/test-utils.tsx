// Test-only: the global firmware page under the route harness, and its fixtures.
import type { FileInfo } from '@netfleet/contracts';
import type { MockHandler } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { listOk, renderWithSession } from '@/test/render-route';
import { GlobalFirmwarePage } from './pages/global-firmware-page';

export { dialog, lastBody, listOk } from '@/test/render-route';

export const GLOBAL_FIRMWARE_URL = '/files/global/firmware';
export const FILES = 'GET /api/files';
export const UPLOAD = 'POST /api/files';

/** The query parameters of a call's URL. */
export const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

export function globalFirmware(overrides: Partial<FileInfo> = {}): FileInfo {
  return {
    id: 21,
    company_id: 3,
    company_name: 'Acme',
    type: 'global_firmware',
    name: 'RUTX_R_00.07.10.bin',
    description: 'Stable release',
    size: 26_214_400,
    file_size: 26_214_400,
    device_id: null,
    device_model: 'RUTX',
    version: null,
    sha256: 'c'.repeat(64),
    created_by: 7,
    created_at: '2026-11-02 08:30:00',
    ...overrides,
  };
}

/** The page signed in as a super admin (who holds upload_files_global_scope). */
export function renderGlobalFirmware(
  rows: readonly FileInfo[],
  api: Record<string, MockHandler> = {},
) {
  return renderWithSession(<GlobalFirmwarePage />, {
    url: GLOBAL_FIRMWARE_URL,
    path: GLOBAL_FIRMWARE_URL,
    user: roleUser('super_admin'),
    api: { [FILES]: () => listOk(rows), ...api },
  });
}
