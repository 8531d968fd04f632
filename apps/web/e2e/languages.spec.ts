import { expect, test, type Page } from '@playwright/test';
import { ja as shellJa } from '../src/app/i18n/texts/ja';
import { no as shellNo } from '../src/app/i18n/texts/no';
import { ja as devicesJa } from '../src/features/fleet/devices/texts/ja';
import { no as devicesNo } from '../src/features/fleet/devices/texts/no';
import { uk as devicesUk } from '../src/features/fleet/devices/texts/uk';
import { acceptAgreementIfAsked, logIn } from './helpers';
import { SUPER_ADMIN } from './users';

// Issue 21 "Languages": the account menu's language choice (a cookie, then a reload after 1 s)
// turns the whole console into that language, shell and features alike. A reload on a loaded
// CI machine can take longer than the default 10 s.
const RELOADED = { timeout: 30_000 };
async function chooseLanguage(page: Page, menu: string, item: string, language: string) {
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await page.getByRole('dialog', { name: item }).getByRole('combobox').click();
  await page.getByRole('option', { name: language }).click();
}

test('a user switches the console to Japanese, then Ukrainian, then Norwegian', async ({
  page,
}) => {
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  await page.goto('/devices');
  await expect(page.getByRole('table', { name: 'Devices' })).toBeVisible();

  await chooseLanguage(page, 'Account menu', 'Language', '日本語');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja', RELOADED);
  await expect(page.getByRole('table', { name: devicesJa.devices })).toBeVisible();
  await expect(page.getByPlaceholder(devicesJa.searchPlaceholder)).toBeVisible();
  await expect(page.getByRole('navigation', { name: shellJa.nav.label })).toBeVisible();
  await page.screenshot({ path: 'test-results/language-ja.png', fullPage: true });

  await chooseLanguage(page, shellJa.header.accountMenu, shellJa.header.language, 'Українська');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk', RELOADED);
  await expect(page.getByRole('table', { name: devicesUk.devices })).toBeVisible();
  await expect(page.getByPlaceholder(devicesUk.searchPlaceholder)).toBeVisible();
  await page.screenshot({ path: 'test-results/language-uk.png', fullPage: true });

  // The choice is the translation cookie: set directly, a reload shows Norwegian.
  await page
    .context()
    .addCookies([{ name: 'translation', value: 'no', url: new URL(page.url()).origin }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'no', RELOADED);
  await expect(page.getByRole('table', { name: devicesNo.devices })).toBeVisible();
  await expect(page.getByRole('button', { name: shellNo.header.accountMenu })).toBeVisible();
  await page.screenshot({ path: 'test-results/language-no.png', fullPage: true });
});
