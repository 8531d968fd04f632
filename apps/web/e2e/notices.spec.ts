import { expect, test } from '@playwright/test';
import { acceptAgreementIfAsked, logIn } from './helpers';
import { ADVANCED_GUEST, SUPER_ADMIN } from './users';

const DOT_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

test('a global notice shows Important until opened, with its markup sanitised', async ({
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage();
  await logIn(admin, SUPER_ADMIN);
  await acceptAgreementIfAsked(admin);
  await admin.goto('/notices');
  await admin.getByRole('button', { name: 'New notice' }).click();
  const form = admin.getByRole('dialog', { name: 'New notice' });
  await form
    .getByLabel(/^Message/)
    .fill(
      'Maintenance <b>tonight</b> at 22:00 <img src=x onerror="window.__xss=1"><script>window.__xss=2</script>' +
        ` <img src="${DOT_PNG}" alt="Status map" width="16">`,
    );
  await form.getByLabel('Enabled').check({ force: true });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(admin.getByRole('table', { name: 'Global notices' })).toContainText('Maintenance');

  const guest = await (await browser.newContext()).newPage();
  await logIn(guest, ADVANCED_GUEST);
  await acceptAgreementIfAsked(guest);
  const control = guest.getByRole('button', { name: /Global notices/ });
  await expect(control).toContainText('Important');
  await control.click();
  const list = guest.getByRole('dialog', { name: 'Global notices' });
  await expect(list.locator('b', { hasText: 'tonight' })).toBeVisible();
  // Images from http(s) or data image sources only (spec §9), without their event handlers.
  await expect(list.getByRole('img', { name: 'Status map' })).toBeVisible();
  await expect(list.locator('img:not([alt="Status map"]), script')).toHaveCount(0);
  expect(await guest.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await guest.keyboard.press('Escape');
  await expect(control).not.toContainText('Important');
  await guest.reload();
  await expect(guest.getByRole('button', { name: /Global notices/ })).not.toContainText(
    'Important',
  );
});
