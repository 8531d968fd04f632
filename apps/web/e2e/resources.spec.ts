import { expect, test, type Locator, type Page } from '@playwright/test';
import { acceptAgreementIfAsked, logIn, xsrfHeaders } from './helpers';
import { SUPER_ADMIN, SUPPORT_TARGET } from './users';

// Issue 20: resources added, moved to a subsidiary, handed out as a code and redeemed by a user
// of another company, each step on the real server and its ledger.
const ROOT = 'Netfleet';
const CHILD = 'Demo Company';
const run = Date.now().toString(36);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `e2e/.artifacts/resources-${name}.png`, fullPage: true });

/** Picks an option in a searchable picker (ItemSelect) of a form. */
async function pick(page: Page, scope: Locator, label: string, option: string) {
  const input = scope.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(option.slice(0, 4));
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** What the summary card of paid credits says is left. */
const paidCreditsLeft = (page: Page) =>
  page.getByRole('region', { name: 'Resources left' }).getByRole('group', { name: 'Paid Credit' });

test('resources are added, moved to a subsidiary, handed out as a code and redeemed by another company', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  await page.goto('/resources');

  // Add resources: a paid type asks for its price and pro forma number.
  await page.getByRole('button', { name: 'Add resources' }).click();
  const add = page.getByRole('dialog', { name: 'Add resources' });
  await pick(page, add, 'Resource type', 'Paid Credit');
  await add.getByRole('textbox', { name: 'Count' }).fill('100');
  await pick(page, add, 'Company', ROOT);
  await add.getByRole('button', { name: 'Submit' }).click();
  await expect(add.getByText('This field is required')).toHaveCount(2);
  await add.getByRole('textbox', { name: 'Price per credit' }).fill('2.50');
  await add.getByRole('textbox', { name: 'Pro forma number' }).fill(`PF-${run}`);
  await add.getByRole('button', { name: 'Submit' }).click();
  await expect(add).toBeHidden();
  // The pro forma number finds the pool (the column itself is hidden by default).
  await page.getByPlaceholder('Search by company or pro forma number').fill(`PF-${run}`);
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Added' })).toContainText('100');
  await page.getByPlaceholder('Search by company or pro forma number').fill('');
  await expect(paidCreditsLeft(page)).toContainText(/\d/);
  const before = Number(
    (await paidCreditsLeft(page).innerText()).match(/([\d,]+)\s*$/m)?.[1]?.replace(/,/g, '') ?? NaN,
  );

  // Move 30 to the subsidiary; more than the company holds is refused at the field.
  await page.getByRole('button', { name: 'Move resources' }).click();
  const move = page.getByRole('dialog', { name: 'Move resources' });
  await pick(page, move, 'Resource type', 'Paid Credit');
  // It starts in the caller's own company.
  await expect(move.getByRole('combobox', { name: 'From company' })).toHaveValue(ROOT);
  await pick(page, move, 'To company', CHILD);
  await move.getByRole('textbox', { name: 'Amount' }).fill('99999999');
  await move.getByRole('button', { name: 'Submit' }).click();
  await expect(move.getByText(/Not enough resources: \d+ left/)).toBeVisible();
  await move.getByRole('textbox', { name: 'Amount' }).fill('30');
  await move.getByRole('button', { name: 'Submit' }).click();
  await expect(move).toBeHidden();
  await expect(paidCreditsLeft(page)).toContainText(String(before - 30));
  await shot(page, 'pools');

  // The ledger records both sides of the move.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Moved out' }).first()).toContainText('-30');
  await shot(page, 'history');

  // A code for 5 credits: they leave the pools at once.
  await page.getByRole('tab', { name: 'Codes' }).click();
  await page.getByRole('button', { name: 'Create code' }).click();
  const create = page.getByRole('dialog', { name: 'Create code' });
  await pick(page, create, 'Resource type', 'Paid Credit');
  await create.getByRole('textbox', { name: 'Amount' }).fill('5');
  // Only a super admin chooses the company the credits come from (spec §5).
  await pick(page, create, 'From company', ROOT);
  await create.getByRole('textbox', { name: 'Comment' }).fill(`for the demo ${run}`);
  await create.getByRole('button', { name: 'Submit' }).click();
  await expect(create).toBeHidden();
  const codeRow = page.getByRole('row').filter({ hasText: `for the demo ${run}` });
  await expect(codeRow).toContainText('Not used');
  const code = (await codeRow.getByText(/^[a-z0-9]{32}$/).innerText()).trim();
  await shot(page, 'codes');

  // A user of another company redeems it: once.
  const other = await browser.newContext();
  const redeemer = await other.newPage();
  await logIn(redeemer, SUPPORT_TARGET);
  await acceptAgreementIfAsked(redeemer);
  await redeemer.goto('/redeem-code');
  const field = redeemer.getByRole('textbox', { name: 'Code' });
  await field.fill('not-a-code');
  await redeemer.getByRole('button', { name: 'Activate' }).click();
  await expect(redeemer.getByText('This code is not valid')).toBeVisible();
  await field.fill(code);
  await redeemer.getByRole('button', { name: 'Activate' }).click();
  await expect(redeemer.getByText('Code activated successfully')).toBeVisible();
  await expect(redeemer.getByText(`5 × Credit from ${ROOT}`)).toBeVisible();
  await shot(redeemer, 'redeemed');
  await field.fill(code);
  await redeemer.getByRole('button', { name: 'Activate' }).click();
  await expect(redeemer.getByText('This code has already been activated')).toBeVisible();
  await other.close();

  // The maker sees it used, by whom, and is told.
  await page.reload();
  await expect(codeRow).toContainText('Used');
  await expect(codeRow).toContainText(CHILD);

  // Company data: 2 credits buy 4 GB, after the spec's confirmation.
  await page.getByRole('tab', { name: 'Data purchases' }).click();
  await page.getByRole('button', { name: 'Buy data' }).click();
  const buy = page.getByRole('dialog', { name: 'Add company data' });
  await expect(buy.getByRole('combobox', { name: 'Company' })).toHaveValue(ROOT);
  await buy.getByRole('textbox', { name: 'Credits' }).fill('002');
  await buy.getByRole('button', { name: 'Submit' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm' });
  await expect(
    confirm.getByText('Are you sure you want to spend 2 credit(s) to get 4 GB of data?'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(buy).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: ROOT }).first()).toContainText('4 GB');
  await shot(page, 'data');

  // An automation on "Credit low" (issue 18): moving all but 5 away crosses the threshold, and
  // the rule's notification and the resource managers' warning arrive live in the bell.
  const rule = await page.request.post('/api/automations', {
    headers: await xsrfHeaders(page),
    data: {
      name: `Credits low ${run}`,
      conditions_body: [
        {
          type: 'if',
          expression: [{ parameter: 'credit_low', operator: '==', value: true }],
          actions: [
            {
              name: 'SendNotification',
              options: { message: 'Top up the credits', receiving_users: [SUPER_ADMIN.email] },
            },
          ],
        },
      ],
    },
  });
  expect(rule.ok()).toBe(true);
  await page.goto('/resources');
  const left = before - 37;
  await page.getByRole('button', { name: 'Move resources' }).click();
  await pick(page, move, 'Resource type', 'Paid Credit');
  await pick(page, move, 'To company', CHILD);
  await move.getByRole('textbox', { name: 'Amount' }).fill(String(left - 5));
  await move.getByRole('button', { name: 'Submit' }).click();
  await expect(move).toBeHidden();
  await expect(paidCreditsLeft(page)).toContainText('5');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByText(/Credits low .*5 Credit left: Top up the credits/)).toBeVisible();
  await expect(page.getByText('Only 5 Credit resource(s) left')).toBeVisible();
  await shot(page, 'credit-low');

  // The rule's log has the event, of the company rather than of a device.
  await page.goto('/management/automations');
  await page.getByRole('link', { name: `Credits low ${run}` }).click();
  await page.getByRole('tab', { name: /Logs/ }).click();
  await expect(page.getByRole('row').filter({ hasText: 'credit_low: 5' })).toContainText('Event');
  await shot(page, 'credit-low-log');

  // The subsidiary's own page: its Resources tab holds what was moved to it and the code's credits.
  await page.goto('/companies');
  // The company's own row, or the parent column of a subsidiary made by another spec: one page.
  await page.getByRole('link', { name: CHILD, exact: true }).first().click();
  await page.getByRole('tab', { name: 'Resources' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Moved' }).first()).toContainText(CHILD);
  await expect(page.getByRole('row').filter({ hasText: 'Code' }).first()).toContainText('5');
  await shot(page, 'company-tab');

  // A data pack (spec "set pack") on a new device of the root company, from its Services tab: one
  // data pack credit is spent and the tab shows what is left of the pack.
  const headers = await xsrfHeaders(page);
  const me = (await (await page.request.get('/api/user', { headers })).json()) as {
    company_id: number;
  };
  const packs = await page.request.post('/api/credits', {
    headers,
    data: {
      credit_type_id: 14,
      credit_count: 20,
      company_id: me.company_id,
      credit_price: 1,
      pro_form_nr: `PF-pack-${run}`,
    },
  });
  expect(packs.ok()).toBe(true);
  const hex = (Date.now() % 2 ** 32).toString(16).padStart(8, '0');
  const added = await page.request.post('/api/devices', {
    headers,
    data: {
      company_id: me.company_id,
      serial: `PACK${hex}`,
      mac: `02:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}:${hex.slice(6, 8)}`,
      name: `Pack router ${run}`,
    },
  });
  expect(added.status()).toBe(201);
  const [device] = ((await added.json()) as { data: { id: number }[] }).data;
  await page.goto(`/devices/${device?.id}/services`);
  await expect(page.getByText('No data pack')).toBeVisible();
  await page.getByRole('button', { name: 'Set pack' }).click();
  const setPack = page.getByRole('dialog', { name: /Set pack/ });
  await expect(setPack.getByText('One data pack credit will be spent per device')).toBeVisible();
  // A super admin chooses between the free and the paid type; the company's credits show.
  await setPack.getByLabel('Data pack type').click();
  await page.getByRole('option', { name: 'Paid Data 150 GB, 10 years (20 left)' }).click();
  await shot(page, 'set-pack');
  await setPack.getByRole('button', { name: 'Set pack' }).click();
  await expect(setPack).toBeHidden();
  const pack = page.getByRole('table', { name: 'Data pack' });
  await expect(pack.getByText('Remaining data')).toBeVisible();
  await expect(pack).toContainText('150 GB of 150 GB left');
  await expect(pack).toContainText('Data 150 GB, 10 years');
  await shot(page, 'data-pack');
});
