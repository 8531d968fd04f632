import { configure, screen } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { registerNamedDialogs } from '@/components/dialogs';
import { roleUser } from '@/test/fixtures';
import { device, dialog, renderDevicePage } from '../test-utils';

configure({ asyncUtilTimeout: 5000 });

const PAGE = '/devices/42/ports-and-access';

describe('DeviceHeader: device alerts', { timeout: 30_000 }, () => {
  it("opens the device alerts' dialog by its spec name for this device", async () => {
    // The app layer registers the real dialog; the device page knows only its name.
    const build = vi.fn((_props: unknown) => ({ id: 'alerts', title: 'Alerts', content: null }));
    onTestFinished(registerNamedDialogs({ 'alerts.device-alerts': build }));
    const view = renderDevicePage(PAGE, roleUser('read_only'), device());
    await view.user.click(await screen.findByRole('button', { name: 'Device alerts' }));
    await dialog('Alerts');
    expect(build).toHaveBeenCalledWith({ devices: [{ id: 42, name: 'Depot router' }] });
  });

  it('is not offered without view_device_alert_configurations', async () => {
    const user = roleUser('admin');
    renderDevicePage(PAGE, { ...user, permissions: ['view_devices'] }, device());
    expect(await screen.findByRole('heading', { name: 'Depot router' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Device alerts' })).toBeNull();
  });
});
