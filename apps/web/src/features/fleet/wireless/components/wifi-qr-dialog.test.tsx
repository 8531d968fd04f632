import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dialogs } from '@/components/dialogs';
import { renderWithHost } from '@/components/dialogs/test-utils';
import { WIFI_QR_TEXTS as T } from '../texts';
import { keyProblem, wifiQrDialog } from './wifi-qr-dialog';

const saved = vi.hoisted(() => ({ calls: [] as { blob: Blob; filename: string }[] }));
vi.mock('@/lib/download', () => ({
  saveBlob: (blob: Blob, filename: string) => saved.calls.push({ blob, filename }),
}));

describe('Wi-Fi QR code dialog', () => {
  it('checks the key for its security type', () => {
    expect(keyProblem('WPA', '')).toBe(T.keyRequired);
    expect(keyProblem('WPA', 'short')).toBe(T.wpaKey);
    expect(keyProblem('WPA', 'eight888')).toBeNull();
    expect(keyProblem('WPA', 'a'.repeat(64))).toBeNull();
    expect(keyProblem('WPA', 'g'.repeat(64))).toBe(T.wpaKey);
    expect(keyProblem('WEP', 'abcde')).toBeNull();
    expect(keyProblem('WEP', '0123456789')).toBeNull();
    expect(keyProblem('WEP', 'abcdef')).toBe(T.wepKey);
    expect(keyProblem('nopass', '')).toBeNull();
  });

  it('asks for the key, then shows the code and offers PNG and print', async () => {
    const { user } = renderWithHost();
    act(() => dialogs.open(wifiQrDialog({ ssid: 'Depot;Wi-Fi', device_name: 'Depot router' })));
    const dialog = screen.getByRole('dialog', { name: T.title });
    expect(within(dialog).getByText(T.subtitle('Depot;Wi-Fi', 'Depot router'))).toBeVisible();
    expect(
      within(dialog).getByLabelText(new RegExp(`^${T.ssid}`), { selector: 'input' }),
    ).toHaveValue('Depot;Wi-Fi');
    // No key yet: no code, and nothing to download or print.
    expect(within(dialog).queryByRole('img')).toBeNull();
    expect(within(dialog).getByText(T.enterKey)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: T.downloadPng })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: T.print })).toBeDisabled();

    const key = within(dialog).getByLabelText(new RegExp(`^${T.key}`), { selector: 'input' });
    await user.type(key, 'short');
    expect(within(dialog).getByText(T.wpaKey)).toBeVisible();
    await user.type(key, 'er-key');
    const code = within(dialog).getByRole('img', { name: T.codeOf('Depot;Wi-Fi') });
    expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M4 4h1v1h-1z/);
    expect(within(dialog).getByRole('button', { name: T.downloadPng })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: T.print })).toBeEnabled();
  });

  it('makes a code for an open network without a key', async () => {
    const { user } = renderWithHost();
    act(() => dialogs.open(wifiQrDialog({ ssid: 'Guest' })));
    const dialog = screen.getByRole('dialog', { name: T.title });
    await user.click(within(dialog).getByLabelText(T.security, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: T.openNetwork }));
    expect(
      within(dialog).queryByLabelText(new RegExp(`^${T.key}`), { selector: 'input' }),
    ).toBeNull();
    expect(within(dialog).getByRole('img', { name: T.codeOf('Guest') })).toBeVisible();
  });

  it('downloads the code as a PNG named after the SSID', async () => {
    const toBlob = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((callback) => callback(new Blob(['png'], { type: 'image/png' })));
    const getContext = vi
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockImplementation(() => ({ fillRect: vi.fn() }) as unknown as CanvasRenderingContext2D);
    const { user } = renderWithHost();
    act(() => dialogs.open(wifiQrDialog({ ssid: 'Depot' })));
    const dialog = screen.getByRole('dialog', { name: T.title });
    await user.type(
      within(dialog).getByLabelText(new RegExp(`^${T.key}`), { selector: 'input' }),
      'secret123',
    );
    await user.click(within(dialog).getByRole('button', { name: T.downloadPng }));
    await vi.waitFor(() => expect(saved.calls.at(-1)?.filename).toBe('wifi-Depot.png'));
    toBlob.mockRestore();
    getContext.mockRestore();
  });
});
