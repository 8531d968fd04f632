import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roleUser } from '@/test/fixtures';
import { listOk } from '@/test/render-route';
import {
  actionDevice,
  CONFIGURE,
  CONFIGURE_DEVICES,
  lastBody,
  openServicesDialog,
  started,
} from '../test-utils';
import { siteBlockingDialog } from './site-blocking-dialog';

const admin = roleUser('admin', { company_id: 3 });
const FILTER = {
  general: { '.type': 'webfilter', enabled: '0', mode: 'blacklist', domain: ['ads.example.com'] },
};

describe('Site blocking dialog', { timeout: 30_000 }, () => {
  it('shows a bad domain line under the field without sending, then applies the filter', async () => {
    const { view, scope } = await openServicesDialog(
      siteBlockingDialog,
      /^Site blocking/,
      admin,
      'webfilter',
      FILTER,
      {
        [CONFIGURE]: started('configure-1'),
        [CONFIGURE_DEVICES]: () =>
          listOk([
            actionDevice({
              changes: [{ path: '/webfilter/general', option: 'enabled', before: '0', after: '1' }],
            }),
          ]),
      },
    );
    const domains = await scope.findByRole('textbox', { name: /^Domains/ });
    expect(domains).toHaveValue('ads.example.com');
    await view.user.click(scope.getByRole('switch', { name: 'Site blocking on' }));
    await view.user.type(domains, '\nbad domain\ntracker.example.net');
    await view.user.click(scope.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(domains).toHaveAccessibleDescription(
        expect.stringContaining('Line 2: “bad domain” is not a domain name such as example.com'),
      ),
    );
    expect(view.calls(CONFIGURE)).toHaveLength(0);

    await view.user.clear(domains);
    await view.user.type(domains, 'ads.example.com\n\ntracker.example.net');
    await view.user.click(scope.getByRole('radio', { name: 'Allow only the listed sites' }));
    await view.user.click(scope.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(view.calls(CONFIGURE)).toHaveLength(1));
    expect(lastBody(view.calls, CONFIGURE)).toEqual({
      configuration: [
        {
          device_id: [11],
          path: '/webfilter/general',
          method: 'put',
          request_data: {
            enabled: '1',
            mode: 'whitelist',
            domain: ['ads.example.com', 'tracker.example.net'],
          },
        },
      ],
    });
    expect(await scope.findByText('Completed')).toBeInTheDocument();
    expect(scope.getByText('0 → 1')).toBeInTheDocument();
  });

  it('creates the filter section on a device that has none', async () => {
    const { view, scope } = await openServicesDialog(
      siteBlockingDialog,
      /^Site blocking/,
      admin,
      'webfilter',
      {},
      { [CONFIGURE]: started('configure-1'), [CONFIGURE_DEVICES]: () => listOk([actionDevice()]) },
    );
    await view.user.type(await scope.findByRole('textbox', { name: /^Domains/ }), 'example.com');
    await view.user.click(scope.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(view.calls(CONFIGURE)).toHaveLength(1));
    expect(lastBody(view.calls, CONFIGURE)).toEqual({
      configuration: [
        {
          device_id: [11],
          path: '/webfilter/general',
          method: 'post',
          request_data: {
            '.type': 'webfilter',
            enabled: '0',
            mode: 'blacklist',
            domain: ['example.com'],
          },
        },
      ],
    });
  });
});
