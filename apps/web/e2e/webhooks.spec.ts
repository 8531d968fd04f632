import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { acceptAgreementIfAsked, logIn, openAccountForm } from './helpers';
import { SUPER_ADMIN } from './users';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

test('a webhook test delivery is signed and its progress shows live in Action status', async ({
  page,
}) => {
  const received: Received[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  try {
    await logIn(page, SUPER_ADMIN);
    await acceptAgreementIfAsked(page);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Add webhook' });
    await form.getByLabel(/^Endpoint URL/).fill(url);
    await form.getByRole('combobox', { name: 'Events' }).click();
    await page.getByRole('option', { name: 'Status updates (status.update)' }).click();
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    const created = page.getByRole('dialog', { name: 'Webhook added' });
    const secret = ((await created.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await created.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: `Send a test delivery to ${url}` }).click();
    const status = page.getByRole('dialog', { name: /Test delivery to/ });
    await expect(status).toContainText('Completed');
    await expect(status).toContainText('200');

    await expect.poll(() => received.length).toBeGreaterThan(0);
    const [first] = received;
    if (!first) throw new Error('the receiver got nothing');
    const signature = String(first.headers['x-netfleet-signature']);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(signature) ?? [];
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${first.body}`).digest('hex'));

    // Minimised, it waits in the bottom-left row beside a minimised dialog, not on top of it.
    await status.getByRole('button', { name: 'Minimize' }).click();
    await expect(status).toBeHidden();
    const tagForm = await openAccountForm(page, 'New tag');
    await tagForm.getByRole('button', { name: 'Minimize' }).click();
    const windows = await page.getByRole('toolbar', { name: 'Minimized windows' }).boundingBox();
    const statuses = await page
      .getByRole('toolbar', { name: 'Minimized action status' })
      .boundingBox();
    if (!windows || !statuses) throw new Error('a minimised row is not shown');
    const apart =
      windows.x + windows.width <= statuses.x || statuses.x + statuses.width <= windows.x;
    expect(apart, 'the two rows of chips overlap').toBe(true);
    expect(Math.abs(windows.y - statuses.y)).toBeLessThan(2);
    await page.screenshot({ path: 'e2e/.artifacts/minimized-dock.png' });
  } finally {
    receiver.close();
  }
});
