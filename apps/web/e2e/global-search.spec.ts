import { expect, test } from '@playwright/test';
import { acceptAgreementIfAsked, logIn, xsrfHeaders } from './helpers';
import { SUPER_ADMIN } from './users';

// Spec §2/§7 global search against the real server: one request per kind with the spec's
// search-fields and fields, devices among the kinds, each result opening its page or table.
test('the global search finds a device and a tag, opens the device and the filtered table', async ({
  page,
}) => {
  const run = String(Date.now() % 1_000_000).padStart(6, '0');
  const token = `srch${run}`;
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  // RMS GET /user: the user's fields at the top level of the body.
  const me = (await (await page.request.get('/api/user')).json()) as { company_id: number };
  const headers = await xsrfHeaders(page);
  const added = await page.request.post('/api/devices', {
    headers,
    data: {
      company_id: me.company_id,
      serial: `SR${run}`,
      mac: `00:1E:42:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}`,
      name: `gw-${token}`,
    },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const device = ((await added.json()) as { data: { id: number }[] }).data[0];
  const tag = await page.request.post('/api/tags', {
    headers,
    data: { company_id: me.company_id, name: `tag-${token}` },
  });
  expect(tag.status(), await tag.text()).toBeLessThan(300);

  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.searchParams.get('q') === token) requests.push(`${url.pathname}${url.search}`);
  });
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('combobox', { name: 'Search' }).fill(token);
  const devices = dialog.getByRole('region', { name: 'Devices' });
  await expect(devices.getByRole('option', { name: `gw-${token}` })).toBeVisible();
  await expect(devices.getByTestId('search-count')).toHaveText('1');
  await expect(
    dialog.getByRole('region', { name: 'Tags' }).getByRole('option', { name: `tag-${token}` }),
  ).toBeVisible();
  // Every kind was asked the same, and the server answered each (no 400 for a missing field).
  expect(requests).toContain(
    `/api/devices?q=${token}&limit=10&search-fields=name,email&fields=id,name,status,email,protocol,enabled,color`,
  );
  await page.screenshot({ path: 'e2e/.artifacts/global-search.png' });

  await devices.getByRole('option', { name: `gw-${token}` }).click();
  // The device page then opens its default tab (`/devices/31/activity/device-logs`).
  await expect(page).toHaveURL(new RegExp(`/devices/${device?.id ?? 0}(/|$)`));

  await page.keyboard.press('/');
  await dialog.getByRole('combobox', { name: 'Search' }).fill(token);
  await devices.getByRole('button', { name: 'View in table' }).click();
  await expect(page).toHaveURL(new RegExp(`/management/devices\\?q=${token}$`));
  await expect(
    page
      .getByRole('table', { name: 'Devices' })
      .getByRole('cell', { name: `gw-${token}`, exact: true }),
  ).toBeVisible();
});
