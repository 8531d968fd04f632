import { execFileSync } from 'node:child_process';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { acceptAgreementIfAsked, logIn } from './helpers';
import { waitForMail } from './mail';
import { startSimulator, type Simulator } from './simulator';
import { SUPER_ADMIN } from './users';

// Issue 20: a periodic report made in the console, generated, e-mailed, and its PDF opened and
// looked at (rendered to PNG with Debian's poppler-utils, installed by the test tier).
const ROOT = 'Netfleet';
const run = Date.now().toString(36);
const ARTIFACTS = 'e2e/.artifacts';
let fleet: Simulator | undefined;
test.afterAll(async () => fleet?.stop());

/** Picks an option of a select, multi-select or searchable picker by its label. */
async function choose(page: Page, scope: Locator, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a daily report is made, generated, e-mailed with its PDF, and the PDF shows its figures', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // Two simulated devices of the company: the report lists them. Seeds apart from other specs'.
  const seed = 2 * (Date.now() % 4000) + 11_001;
  const sim = startSimulator({ baseURL: baseURL ?? '', user: SUPER_ADMIN, devices: 2, seed });
  fleet = sim;
  await expect
    .poll(() => sim.output.some((line) => line.includes('connected=2/2')), { timeout: 90_000 })
    .toBe(true);
  const name = `Fleet daily ${run}`;
  const recipient = `reports-${run}@example.test`;
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  await page.goto('/reports/periodic/day');

  await page.getByRole('button', { name: 'New report' }).click();
  const form = page.getByRole('dialog', { name: 'New report' });
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await choose(page, form, /^Parameters/, 'Mobile data usage');
  await choose(page, form, /^Parameters/, 'Alerts');
  await form.getByRole('combobox', { name: /^Parameters/ }).press('Escape');
  await form.getByRole('radio', { name: 'Company' }).check();
  await choose(page, form, /^Companies/, ROOT);
  await form.getByRole('textbox', { name: /^Recipients/ }).fill(recipient);
  await form.getByRole('textbox', { name: /^Recipients/ }).press('Enter');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Daily');
  await page.screenshot({ path: `${ARTIFACTS}/reports-list.png`, fullPage: true });

  // Generate now: the progress follows the status channel; then the report opens.
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Generate now' }).click();
  const progress = page.getByRole('dialog').filter({ hasText: name });
  await progress.getByRole('link', { name: 'Open report' }).click();
  await expect(page).toHaveURL(/\/report\/generated\/\d+/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/reports-generated.png`, fullPage: true });

  // The e-mail carries the PDF.
  await waitForMail(recipient, /\[attached: .+\.pdf\]|report/i);

  // The PDF: downloaded, text checked, first page rendered to PNG for a person to look at.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  const pdf = `${ARTIFACTS}/reports-${run}.pdf`;
  await download.saveAs(pdf);
  const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
  expect(text).toContain(name);
  expect(text).toContain(ROOT);
  expect(text).toMatch(/data usage/i);
  for (const { serial } of sim.devices()) expect(text).toContain(serial);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '70',
    '-f',
    '1',
    '-l',
    '2',
    pdf,
    `${ARTIFACTS}/reports-pdf`,
  ]);
});
