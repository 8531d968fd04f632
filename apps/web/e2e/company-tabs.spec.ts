import { expect, test } from '@playwright/test';
import { acceptAgreementIfAsked, logIn, ownCompanyId } from './helpers';
import { SUPER_ADMIN } from './users';

// Spec §2: /companies/{company_id} redirects to its devices tab; metrics, data-history and files
// are tabs of their own.
test('a company page opens on its devices, with metrics, data history and files tabs', async ({
  page,
}) => {
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  const id = await ownCompanyId(page);
  await page.goto(`/companies/${id}`);
  await expect(page).toHaveURL(new RegExp(`/companies/${id}/devices$`));
  await expect(page.getByRole('tab', { name: 'Devices' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Devices' })).toBeVisible();
  await page.screenshot({ path: 'test-results/company-devices-tab.png', fullPage: true });

  await page.getByRole('tab', { name: 'Metrics' }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/${id}/metrics$`));
  await expect(
    page
      .getByRole('table', { name: 'Status' })
      .or(page.getByText('This company has no devices yet')),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/company-metrics-tab.png', fullPage: true });

  await page.getByRole('tab', { name: 'Data history' }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/${id}/data-history$`));
  // The metrics tables may still be leaving: wait for this tab's own table.
  await expect(page.getByRole('table', { name: 'Data purchases' })).toBeVisible();

  // Files held to the company; an upload from here goes to it.
  await page.getByRole('tab', { name: 'Files' }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/${id}/files$`));
  await page.getByRole('button', { name: 'Upload file' }).first().click();
  const upload = page.getByRole('dialog', { name: 'Upload file' });
  await upload.getByRole('button', { name: 'Upload' }).waitFor();
  await page.screenshot({ path: 'test-results/company-files-tab.png', fullPage: true });
  await expect(upload.getByRole('combobox', { name: /^Company/ })).not.toHaveValue('');
  await upload.getByRole('button', { name: 'Cancel' }).click();

  // The help panel answers for the page the user is on.
  await page.keyboard.press('?');
  await expect(page.getByText("The company's page: its devices first")).toBeVisible();
});
