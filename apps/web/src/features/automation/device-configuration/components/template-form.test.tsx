import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, ok, type MockHandler } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import {
  configTemplate,
  DEVICE_CONFIGURATION_URL,
  dialog,
  lastBody,
  listOk,
  renderWithSession,
} from '../test-utils';
import { openCreateTemplate, openEditTemplate } from './template-dialogs';

const TEMPLATES = 'POST /api/devices/configurator/templates';
const created = () => jsonResponse(201, { success: true, data: configTemplate({ id: 9 }) });

type Scope = ReturnType<typeof within>;
type View = Awaited<ReturnType<typeof openEditor>>['view'];

async function openEditor(open: () => void, title: string, api: Record<string, MockHandler> = {}) {
  const view = renderWithSession(<button onClick={open}>Open</button>, {
    url: DEVICE_CONFIGURATION_URL,
    path: DEVICE_CONFIGURATION_URL,
    user: roleUser('admin'),
    api: {
      [TEMPLATES]: created,
      'GET /api/companies': () => listOk([{ id: 3, name: 'Acme' }]),
      ...api,
    },
  });
  await view.user.click(screen.getByRole('button', { name: 'Open' }));
  return { view, form: await dialog(title) };
}

const request = (form: Scope, index: number) =>
  within(form.getByRole('group', { name: `Request ${index}` }));

async function choose(view: View, scope: Scope, label: RegExp, option: string) {
  await view.user.click(scope.getByRole('combobox', { name: label }));
  await view.user.click(await screen.findByRole('option', { name: option }));
}

async function setOption(view: View, scope: Scope, index: number, key: string, value: string) {
  await view.user.type(scope.getByRole('combobox', { name: `Option ${index}` }), key);
  await view.user.type(scope.getByRole('textbox', { name: `Value of option ${index}` }), value);
}

async function fillBasics(view: View, form: Scope) {
  await view.user.type(form.getByRole('textbox', { name: /^Name/ }), 'Office LAN');
}

describe('Template editor', { timeout: 30_000 }, () => {
  it('creates the template with its requests in order, options typed as the schema says', async () => {
    const { view, form } = await openEditor(openCreateTemplate, 'New template');
    await fillBasics(view, form);
    await view.user.type(form.getByRole('textbox', { name: /^Device model/ }), 'RUTX');
    await view.user.type(form.getByRole('textbox', { name: /^Minimum firmware/ }), '07.06');

    // A put on the LAN: an address, a list of DNS servers (comma separated) and a removal.
    const lan = request(form, 1);
    await view.user.type(lan.getByRole('combobox', { name: /^Path/ }), '/network/lan');
    await setOption(view, lan, 1, 'ipaddr', '10.0.0.1');
    expect(lan.getByRole('textbox', { name: 'Value of option 1' })).toHaveAttribute(
      'placeholder',
      'IPv4 address',
    );
    await view.user.click(lan.getByRole('button', { name: 'Add option' }));
    await setOption(view, lan, 2, 'dns', '1.1.1.1, 8.8.8.8');
    await view.user.click(lan.getByRole('button', { name: 'Add option' }));
    await view.user.type(lan.getByRole('combobox', { name: 'Option 3' }), 'gateway');
    await view.user.click(lan.getByRole('checkbox', { name: 'Remove option 3 from the section' }));
    expect(lan.getByRole('textbox', { name: 'Value of option 3' })).toBeDisabled();

    // A post creating a firewall rule, with its type from the schema; it goes first.
    await view.user.click(form.getByRole('button', { name: 'Add request' }));
    const rule = request(form, 2);
    await choose(view, rule, /^Method/, 'post: create a section');
    await view.user.type(rule.getByRole('combobox', { name: /^Path/ }), '/firewall/web');
    await choose(view, rule, /^Section type/, 'rule');
    await setOption(view, rule, 1, 'dest_port', '80');
    await view.user.click(rule.getByRole('button', { name: 'Move request 2 up' }));

    await view.user.click(form.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(view.calls(TEMPLATES)).toHaveLength(1));
    expect(lastBody(view.calls, TEMPLATES)).toEqual({
      company_id: 3,
      name: 'Office LAN',
      version: '1.0.0',
      device_model: 'RUTX',
      firmware: null,
      min_firmware: '07.06',
      max_firmware: null,
      template: [
        {
          path: '/firewall/web',
          method: 'post',
          content_type: 'application/json',
          request_data: { '.type': 'rule', dest_port: '80' },
        },
        {
          path: '/network/lan',
          method: 'put',
          content_type: 'application/json',
          request_data: { ipaddr: '10.0.0.1', dns: ['1.1.1.1', '8.8.8.8'], gateway: null },
        },
      ],
    });
    expect(
      await screen.findByText('Configuration template created successfully'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New template' })).toBeNull());
  });

  it('checks paths, section types and known option values before sending', async () => {
    const { view, form } = await openEditor(openCreateTemplate, 'New template');
    await fillBasics(view, form);
    const version = form.getByRole('textbox', { name: /^Version/ });
    await view.user.clear(version);
    await view.user.type(version, '1.0');
    const lan = request(form, 1);
    await view.user.type(lan.getByRole('combobox', { name: /^Path/ }), '/network');
    await setOption(view, lan, 1, 'ipaddr', '10.0.0.300');
    await view.user.click(lan.getByRole('button', { name: 'Add option' }));
    // Unknown to the schema: left to the device.
    await setOption(view, lan, 2, 'vendor_flag', 'anything');

    await view.user.click(form.getByRole('button', { name: 'Add request' }));
    const rule = request(form, 2);
    await choose(view, rule, /^Method/, 'post: create a section');
    await view.user.type(rule.getByRole('combobox', { name: /^Path/ }), '/firewall/web');

    await view.user.click(form.getByRole('button', { name: 'Create' }));
    expect(
      await lan.findByText('Use a path /<config>/<section>, e.g. /network/lan'),
    ).toBeInTheDocument();
    expect(lan.getByText('Use an IPv4 address')).toBeInTheDocument();
    expect(lan.getByRole('textbox', { name: 'Value of option 1' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(lan.getByRole('textbox', { name: 'Value of option 2' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(rule.getByText('A new section needs its type')).toBeInTheDocument();
    expect(form.getByText('Use a version in the format x.y.z')).toBeInTheDocument();

    await view.user.click(rule.getByRole('button', { name: 'Remove request 2' }));
    await view.user.click(lan.getByRole('button', { name: 'Remove request 1' }));
    await view.user.click(form.getByRole('button', { name: 'Create' }));
    expect(await form.findByText('Add at least one request')).toBeInTheDocument();
    expect(view.calls(TEMPLATES)).toHaveLength(0);
  });

  it("puts the server's errors under the request input and option they name", async () => {
    const refusal = (source: string, message: string) => ({
      code: 'VALIDATION_ERROR',
      message,
      source,
    });
    const { view, form } = await openEditor(openCreateTemplate, 'New template', {
      [TEMPLATES]: () =>
        jsonResponse(422, {
          success: false,
          errors: [
            refusal('template.0.path', 'The device has no vpn configuration'),
            refusal('template.1.request_data.dest_port', 'dest_port: Use a port or a range'),
            refusal('name', 'A template with this name and version exists already'),
          ],
        }),
    });
    await fillBasics(view, form);
    const first = request(form, 1);
    await view.user.type(first.getByRole('combobox', { name: /^Path/ }), '/vpn/office');
    await setOption(view, first, 1, 'enabled', '1');
    await view.user.click(form.getByRole('button', { name: 'Add request' }));
    const second = request(form, 2);
    await view.user.type(second.getByRole('combobox', { name: /^Path/ }), '/firewall/web');
    await setOption(view, second, 1, 'name', 'Web');
    await view.user.click(second.getByRole('button', { name: 'Add option' }));
    await setOption(view, second, 2, 'dest_port', '80');
    await view.user.click(form.getByRole('button', { name: 'Create' }));

    expect(await first.findByText('The device has no vpn configuration')).toBeInTheDocument();
    expect(first.getByRole('combobox', { name: /^Path/ })).toHaveAttribute('aria-invalid', 'true');
    expect(second.getByRole('combobox', { name: /^Path/ })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(second.getByText('dest_port: Use a port or a range')).toBeInTheDocument();
    expect(second.getByRole('textbox', { name: 'Value of option 2' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(form.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'New template' })).toBeInTheDocument();
  });

  it('edits the saved requests and sends them all again, without the company', async () => {
    const saved = configTemplate();
    const { view, form } = await openEditor(() => openEditTemplate(saved), 'Edit template', {
      'GET /api/devices/configurator/templates/5': () => ok(saved),
      'PUT /api/devices/configurator/templates/5': () => ok(saved),
    });
    const lan = request(form, 1);
    expect(await lan.findByRole('combobox', { name: /^Path/ })).toHaveValue('/network/lan');
    expect(lan.getByRole('textbox', { name: 'Value of option 2' })).toHaveValue('1.1.1.1, 8.8.8.8');
    expect(lan.getByRole('checkbox', { name: 'Remove option 3 from the section' })).toBeChecked();
    const rule = request(form, 2);
    expect(rule.getByRole('combobox', { name: /^Section type/ })).toHaveValue('rule');
    expect(form.queryByRole('combobox', { name: /^Company/ })).toBeNull();

    // The rule no longer names itself.
    await view.user.click(rule.getByRole('button', { name: 'Delete option 1' }));
    await view.user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(view.calls('PUT /api/devices/configurator/templates/5')).toHaveLength(1),
    );
    expect(lastBody(view.calls, 'PUT /api/devices/configurator/templates/5')).toEqual({
      name: 'Office LAN',
      version: '1.2.0',
      device_model: 'RUTX',
      firmware: '07.06.1',
      min_firmware: '07.06',
      max_firmware: null,
      template: [
        {
          path: '/network/lan',
          method: 'put',
          content_type: 'application/json',
          request_data: { ipaddr: '192.168.10.1', dns: ['1.1.1.1', '8.8.8.8'], gateway: null },
        },
        {
          path: '/firewall/ssh',
          method: 'post',
          content_type: 'application/json',
          request_data: { '.type': 'rule', dest_port: '22', target: 'ACCEPT' },
        },
      ],
    });
    expect(
      await screen.findByText('Configuration template updated successfully'),
    ).toBeInTheDocument();
  });
});
