// Test-only: the connect screens' fixtures and their page harness (src/test/render-page).
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { ConnectSession, SftpEntry } from '@netfleet/contracts';
import { mockApi, type MockHandler } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { FakeTerminal, FakeWebSocket } from './test-fakes';

export { FakeTerminal, FakeWebSocket } from './test-fakes';
export { errorResponse, jsonResponse, ok } from '@/test/mock-api';

beforeEach(() => {
  FakeWebSocket.instances = [];
  FakeTerminal.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => vi.unstubAllGlobals());

export function connectSession(overrides: Partial<ConnectSession> = {}): ConnectSession {
  return {
    id: 5,
    type: 'ssh',
    device_id: 42,
    device_name: 'Depot router',
    access_id: 9,
    protocol: 'ssh',
    destination_ip: '192.168.1.1',
    destination_port: 22,
    start_time: 1_760_000_000,
    end_time: null,
    input_data: 0,
    output_data: 0,
    username: 'ops@example.com',
    company_name: 'Acme',
    url: '/rms-connect/ssh?session=5',
    ttl: 300,
    active: true,
    ...overrides,
  };
}

export function sftpEntry(overrides: Partial<SftpEntry> = {}): SftpEntry {
  return {
    name: 'notes.txt',
    path: '/root/notes.txt',
    type: 'file',
    size: 1536,
    modified: '2026-03-04 05:06:07',
    permissions: '-rw-r--r--',
    ...overrides,
  };
}

/** Opens `url` (with `?session=`) on `page`, the API answering from `api`. */
export function renderConnectPage(
  page: ReactElement,
  url: string,
  api: Record<string, MockHandler>,
) {
  const mocked = mockApi(api);
  return { ...renderPage(page, { path: url }), ...mocked, user: userEvent.setup() };
}

/** The JSON body of the last call to `key` ('POST /api/...'). */
export function lastBody(calls: (key: string) => unknown[][], key: string): unknown {
  const init = calls(key).at(-1)?.[1] as RequestInit | undefined;
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}
