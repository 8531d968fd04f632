import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roleUser } from '@/test/fixtures';
import { jsonResponse, type MockHandler } from '@/test/mock-api';
import { dialog, lastBody, renderWithSession } from '../test-utils';
import { openAddAccessRule } from './access-rule-dialogs';

const created = () => jsonResponse(201, { success: true, data: [] });

/** The add dialog for the device page's device: the device is set. */
async function openForm(api: Record<string, MockHandler> = {}) {
  const view = renderWithSession(<button onClick={() => openAddAccessRule(depot)}>Open</button>, {
    url: '/devices/42/ports-and-access',
    path: '/devices/:id/:tab',
    user: roleUser('admin'),
    api: { 'POST /api/devices/remote-access': created, ...api },
  });
  await view.user.click(screen.getByRole('button', { name: 'Open' }));
  return { view, form: await dialog('Add remote access') };
}

const depot = { id: 42, name: 'Depot router' };

describe('AccessRuleForm', () => {
  it('starts on the device itself over HTTP and sends the rule in a list', async () => {
    const { view, form } = await openForm();
    expect(form.getByRole('combobox', { name: /^Device/ })).toHaveValue('Depot router');
    expect(form.getByRole('textbox', { name: /^Destination IP/ })).toHaveValue('127.0.0.1');
    expect(form.getByText('The device itself (127.0.0.1) or a host on its LAN')).toBeVisible();
    expect(form.getByRole('textbox', { name: /^Port/ })).toHaveValue('80');
    await view.user.type(form.getByRole('textbox', { name: /^Name/ }), 'Web UI');
    await view.user.click(form.getByRole('button', { name: 'Add remote access' }));
    await waitFor(() => expect(view.calls('POST /api/devices/remote-access')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/devices/remote-access')).toEqual({
      data: [
        {
          device_id: 42,
          name: 'Web UI',
          protocol: 'http',
          destination_ip: '127.0.0.1',
          destination_port: 80,
          credentials_required: false,
        },
      ],
    });
    expect(await screen.findByText('Remote access created successfully')).toBeInTheDocument();
  });

  it('fills the port of the chosen protocol, but keeps a port the user typed', async () => {
    const { view, form } = await openForm();
    const port = form.getByRole('textbox', { name: /^Port/ });
    await view.user.click(form.getByRole('combobox', { name: /^Protocol/ }));
    await view.user.click(await screen.findByRole('option', { name: 'SSH' }));
    expect(port).toHaveValue('22');
    await view.user.click(form.getByRole('combobox', { name: /^Protocol/ }));
    await view.user.click(await screen.findByRole('option', { name: 'VNC' }));
    expect(port).toHaveValue('5900');
    await view.user.clear(port);
    await view.user.type(port, '8022');
    await view.user.click(form.getByRole('combobox', { name: /^Protocol/ }));
    await view.user.click(await screen.findByRole('option', { name: 'Telnet' }));
    expect(port).toHaveValue('8022');
  });

  it('refuses a short name, an empty port and a public address before sending', async () => {
    const { view, form } = await openForm();
    await view.user.type(form.getByRole('textbox', { name: /^Name/ }), 'ab');
    await view.user.clear(form.getByRole('textbox', { name: /^Port/ }));
    const ip = form.getByRole('textbox', { name: /^Destination IP/ });
    await view.user.clear(ip);
    await view.user.type(ip, '8.8.8.8');
    await view.user.click(form.getByRole('button', { name: 'Add remote access' }));
    expect(await form.findByText('Name must be 3 to 50 characters')).toBeVisible();
    expect(form.getByText('This field is required')).toBeVisible();
    expect(
      form.getByText('Use the device itself (127.0.0.1) or a private LAN address'),
    ).toBeVisible();
    expect(view.calls('POST /api/devices/remote-access')).toHaveLength(0);
  });

  it('shows the server’s field errors on their fields', async () => {
    const { view, form } = await openForm({
      'POST /api/devices/remote-access': () =>
        jsonResponse(422, {
          success: false,
          errors: [
            { code: 'CONFLICT', message: 'A rule of this name exists', source: 'data.0.name' },
            { code: 'FORBIDDEN', message: 'Not your device', source: null },
          ],
        }),
    });
    await view.user.type(form.getByRole('textbox', { name: /^Name/ }), 'Web UI');
    await view.user.click(form.getByRole('button', { name: 'Add remote access' }));
    expect(await form.findByText('A rule of this name exists')).toBeVisible();
    expect(form.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByRole('alert')).toHaveTextContent('Not your device');
  });
});
