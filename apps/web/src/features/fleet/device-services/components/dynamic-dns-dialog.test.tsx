import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { listOk } from '@/test/render-route';
import {
  actionDevice,
  CONFIGURE,
  CONFIGURE_DEVICES,
  lastBody,
  openServicesDialog,
  READ,
  started,
} from '../test-utils';
import { dynamicDnsDialog } from './dynamic-dns-dialog';

const admin = roleUser('admin', { company_id: 3 });
const DDNS = {
  myddns: {
    '.type': 'service',
    enabled: '1',
    service_name: 'dyndns.org',
    domain: 'gate.dyndns.org',
    ip_source: 'network',
    interface: 'wan',
    check_interval: '10',
  },
};
const open = (api = {}) =>
  openServicesDialog(dynamicDnsDialog, /^Dynamic DNS/, admin, 'ddns', DDNS, api);

describe('Dynamic DNS dialog', { timeout: 30_000 }, () => {
  it('lists the services read from the device', async () => {
    const { view, scope } = await open();
    const table = await scope.findByRole('table', { name: 'Dynamic DNS services' });
    expect(within(table).getByText('gate.dyndns.org')).toBeInTheDocument();
    expect(within(table).getByRole('switch', { name: 'Enable gate.dyndns.org' })).toBeChecked();
    expect(lastBody(view.calls, READ)).toEqual({
      device_id: 11,
      endpoints: [{ path: '/ddns' }],
    });
  });

  it('shows a bad domain under its field without sending, then adds the service', async () => {
    const { view, scope } = await open({
      [CONFIGURE]: started('configure-1'),
      [CONFIGURE_DEVICES]: () =>
        listOk([
          actionDevice({
            changes: [
              { path: '/ddns/ddns_1', option: 'domain', before: null, after: 'office.duckdns.org' },
            ],
          }),
        ]),
    });
    await view.user.click(await scope.findByRole('button', { name: 'Add service' }));
    const domain = scope.getByRole('textbox', { name: /^Domain/ });
    await view.user.type(domain, 'office_1.duckdns');
    await view.user.click(scope.getByRole('button', { name: 'Save and apply' }));
    await waitFor(() =>
      expect(domain).toHaveAccessibleDescription(
        expect.stringContaining('Enter a domain name such as example.com'),
      ),
    );
    expect(view.calls(CONFIGURE)).toHaveLength(0);

    await view.user.clear(domain);
    await view.user.type(domain, 'office.duckdns.org');
    await view.user.type(scope.getByRole('textbox', { name: 'Username' }), 'ada');
    await view.user.click(scope.getByRole('button', { name: 'Save and apply' }));
    await waitFor(() => expect(view.calls(CONFIGURE)).toHaveLength(1));
    expect(lastBody(view.calls, CONFIGURE)).toEqual({
      configuration: [
        {
          device_id: [11],
          path: '/ddns/ddns_1',
          method: 'post',
          request_data: {
            '.type': 'service',
            enabled: '1',
            service_name: 'dyndns.org',
            domain: 'office.duckdns.org',
            username: 'ada',
            ip_source: 'network',
            interface: 'wan',
            check_interval: '10',
          },
        },
      ],
    });
    // The configure action's progress replaces the form: done, with what changed.
    expect(await scope.findByText('Completed')).toBeInTheDocument();
    expect(scope.getByText(/office\.duckdns\.org$/)).toBeInTheDocument();
    // Done, the services are read from the device again, once.
    await waitFor(() => expect(view.calls(READ)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(view.calls(READ)).toHaveLength(2);
  });

  it('switches a service off and shows a refusal of the server under the field it names', async () => {
    const { view, scope } = await open({
      [CONFIGURE]: () =>
        jsonResponse(422, {
          success: false,
          errors: [
            {
              code: 'VALIDATION_FAILED',
              message: 'Use a domain name such as example.com',
              source: 'configuration.0.request_data.domain',
            },
          ],
        }),
    });
    await view.user.click(await scope.findByRole('switch', { name: 'Enable gate.dyndns.org' }));
    await waitFor(() => expect(view.calls(CONFIGURE)).toHaveLength(1));
    expect(lastBody(view.calls, CONFIGURE)).toEqual({
      configuration: [
        { device_id: [11], path: '/ddns/myddns', method: 'put', request_data: { enabled: '0' } },
      ],
    });
    // Nothing to put it under in the list: the message is shown above the actions.
    expect(await scope.findByText('Use a domain name such as example.com')).toBeInTheDocument();

    await view.user.click(scope.getByRole('button', { name: 'Edit gate.dyndns.org' }));
    const domain = scope.getByRole('textbox', { name: /^Domain/ });
    expect(domain).toHaveValue('gate.dyndns.org');
    await view.user.click(scope.getByRole('button', { name: 'Save and apply' }));
    await waitFor(() => expect(view.calls(CONFIGURE)).toHaveLength(2));
    expect(lastBody(view.calls, CONFIGURE)).toMatchObject({
      configuration: [
        {
          path: '/ddns/myddns',
          method: 'put',
          request_data: { domain: 'gate.dyndns.org', username: null, update_url: null },
        },
      ],
    });
    await waitFor(() =>
      expect(domain).toHaveAccessibleDescription(
        expect.stringContaining('Use a domain name such as example.com'),
      ),
    );
  });

  it('removes a service once confirmed', async () => {
    const { view, scope } = await open({
      [CONFIGURE]: started('configure-1'),
      [CONFIGURE_DEVICES]: () => listOk([actionDevice({ status: 'running', finished_at: null })]),
    });
    await view.user.click(await scope.findByRole('button', { name: 'Remove gate.dyndns.org' }));
    const confirm = await screen.findByRole('dialog', { name: /Remove service/ });
    await view.user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(view.calls(CONFIGURE)).toHaveLength(1));
    expect(lastBody(view.calls, CONFIGURE)).toEqual({
      configuration: [{ device_id: [11], path: '/ddns/myddns', method: 'delete' }],
    });
    expect(await scope.findByText('Running')).toBeInTheDocument();
  });
});
