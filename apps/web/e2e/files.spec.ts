import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { acceptAgreementIfAsked, logIn } from './helpers';
import { SUPER_ADMIN } from './users';

// Files and images end to end: a super admin uploads a firmware file (watching its progress),
// finds it, describes it, downloads it and deletes it; then uploads an image and sees it.

/** A real PNG of one colour, as a phone or an editor would save it. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x40)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Slows uploads to 2 MB/s so the progress bar has time to show (loopback is instant). */
async function throttleUploads(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}

test('a super admin uploads, finds, describes, downloads and deletes a file, then adds an image', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);

  await page.goto('/management/files');
  await expect(page.getByRole('heading', { name: 'Files', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Images' })).toBeAttached();

  const name = `e2e-fw-${randomBytes(3).toString('hex')}.bin`;
  const content = randomBytes(6 * 1024 * 1024);
  await page.getByRole('button', { name: 'Upload file' }).first().click();
  const upload = page.getByRole('dialog', { name: 'Upload file' });
  await upload.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'application/octet-stream',
    buffer: content,
  });
  await upload.getByRole('textbox', { name: 'Device model' }).fill('RUTX11');
  await upload.getByRole('textbox', { name: 'Description' }).fill('Release candidate');
  const unthrottle = await throttleUploads(page);
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(upload.getByRole('progressbar', { name: /^Uploading/ })).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/files-upload-progress.png' });
  await expect(page.getByText('File uploaded successfully')).toBeVisible({ timeout: 30_000 });
  await unthrottle();

  await page.getByPlaceholder('Search by name or description').fill(name);
  const table = page.getByRole('table', { name: 'Files' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('RUTX11');
  await expect(row).toContainText('Release candidate');
  await expect(table.getByRole('row')).toHaveCount(3); // header, filter row, the file
  await page.screenshot({ path: 'e2e/.artifacts/files-page.png', fullPage: true });

  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit description' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit description' });
  await edit.getByRole('textbox', { name: 'Description' }).fill('Stable release');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Stable release');

  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(name);
  expect(readFileSync(await saved.path()).equals(content)).toBe(true);

  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete file' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('File removed successfully')).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('link', { name: 'Images' }).click();
  await expect(page.getByRole('heading', { name: 'Images', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Upload image' }).first().click();
  const imageDialog = page.getByRole('dialog', { name: 'Upload image' });
  const picture = `e2e-plan-${randomBytes(3).toString('hex')}.png`;
  await imageDialog.locator('input[type=file]').setInputFiles({
    name: picture,
    mimeType: 'image/png',
    buffer: png(320, 200),
  });
  await imageDialog.getByRole('textbox', { name: 'Description' }).fill('Floor plan');
  await imageDialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Image uploaded successfully')).toBeVisible();
  const imageRow = page.getByRole('table', { name: 'Images' }).getByRole('row').filter({
    hasText: picture,
  });
  await expect(imageRow).toContainText('320×200');
  const thumbnail = imageRow.getByRole('button', { name: `Preview ${picture}` }).locator('img');
  await expect(thumbnail).toBeVisible();
  // The browser really decoded the server's thumbnail.
  await expect
    .poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBe(320);
  await page.screenshot({ path: 'e2e/.artifacts/images-page.png', fullPage: true });
  await imageRow.getByRole('button', { name: `Preview ${picture}` }).click();
  const preview = page.getByRole('dialog').getByRole('img', { name: 'Floor plan' });
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img) => (img as HTMLImageElement).naturalHeight)).toBe(200);
  await page.screenshot({ path: 'e2e/.artifacts/images-preview.png' });
});
