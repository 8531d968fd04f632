// Test-only: the update firmware and upload backup pages' route harness (src/test/render-route)
// and fixtures.
import type { ReactElement } from 'react';
import type { FileInfo, PendingUpdate } from '@netfleet/contracts';
import type { MockHandler } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-route';
import type { DevicePick } from './api/get-devices';

export { currentLocation, dialog, lastBody, listOk } from '@/test/render-route';

export const UPDATE_FIRMWARE_URL = '/management/update-firmware';
export const UPLOAD_BACKUP_URL = '/management/upload-backup';

export const FILES = 'GET /api/files';
export const DEVICES = 'GET /api/devices';
export const SET = 'POST /api/devices/updates/set';
export const PENDING = 'GET /api/devices/updates/pending';
export const CANCEL = 'POST /api/devices/updates/cancel';

/** The query parameters of a call's URL. */
export const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

/** A page at its route, signed in as an admin (who may update devices). */
export function renderPage(
  page: ReactElement,
  { url, path, api }: { url: string; path: string; api: Record<string, MockHandler> },
) {
  return renderWithSession(page, { url, path, user: roleUser('admin'), api });
}

export function firmwareFile(overrides: Partial<FileInfo> = {}): FileInfo {
  return {
    id: 4,
    company_id: 3,
    company_name: 'Acme',
    type: 'firmware',
    name: 'RUTX_R_00.07.09.bin',
    description: '',
    size: 26_214_400,
    file_size: 26_214_400,
    device_id: null,
    device_model: 'RUTX',
    version: null,
    sha256: 'a'.repeat(64),
    created_by: 7,
    created_at: '2026-11-02 08:30:00',
    ...overrides,
  };
}

export function backupFile(overrides: Partial<FileInfo> = {}): FileInfo {
  return {
    id: 9,
    company_id: 3,
    company_name: 'Acme',
    type: 'config',
    name: 'RUTX11_1100000042_20261129-093017.tar.gz',
    description: 'Backup of Depot router',
    size: 20_480,
    file_size: 20_480,
    device_id: 42,
    device_model: 'RUTX11',
    version: null,
    sha256: 'b'.repeat(64),
    created_by: null,
    created_at: '2026-11-29 09:30:17',
    ...overrides,
  };
}

export function devicePick(overrides: Partial<DevicePick> = {}): DevicePick {
  return { id: 42, name: 'Depot router', serial: '1100000042', model: 'RUTX11', ...overrides };
}

export function pendingUpdate(overrides: Partial<PendingUpdate> = {}): PendingUpdate {
  return {
    id: 501,
    job_type: 1,
    name: 'RUTX_R_00.07.09.bin',
    serial: '1100000042',
    device_id: 42,
    device_name: 'Depot router',
    file_id: 4,
    file_name: 'RUTX_R_00.07.09.bin',
    status: 'queued',
    progress: null,
    created_at: '2026-11-30T10:00:00.000Z',
    expires_at: '2026-12-07T10:00:00.000Z',
    ...overrides,
  };
}
