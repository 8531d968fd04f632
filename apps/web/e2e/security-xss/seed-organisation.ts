import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { waitForMail } from '../mail';
import { SUPER_ADMIN } from '../users';
import type { Seeds } from './seeds';

/** What every seeding step needs: the signed-in super admin's page and its company. */
export interface SeedContext {
  page: Page;
  seeds: Seeds;
  headers: Record<string, string>;
  companyId: number;
  deviceId: number;
  run: string;
}

/** The `data.id` of a created record. */
export const idOf = async (response: { json(): Promise<unknown> }): Promise<number> =>
  ((await response.json()) as { data: { id: number } }).data.id;

/** The device's own strings, a tag on it, a company and a role. */
export async function seedOrganisation({ page, seeds, headers, companyId, deviceId }: SeedContext) {
  const { request } = page;
  await seeds.write('device', { name: seeds.payload(), description: seeds.payload() }, (v) =>
    request.put(`/api/devices/${String(deviceId)}`, {
      headers,
      data: { name: v.name, description: v.description },
    }),
  );
  const tag = await seeds.write(
    'tag',
    { name: seeds.payload(), description: seeds.payload() },
    (v) =>
      request.post('/api/tags', {
        headers,
        data: { company_id: companyId, name: v.name, description: v.description },
      }),
  );
  const tagId = await idOf(tag);
  const tagged = await request.put(`/api/devices/${String(deviceId)}`, {
    headers,
    data: { tag_id: [tagId] },
  });
  expect(tagged.ok(), await tagged.text()).toBe(true);
  await seeds.write('company', { name: seeds.payload() }, (v) =>
    request.post('/api/companies', { headers, data: { name: v.name, parent_id: companyId } }),
  );
  await seeds.write('role', { title: seeds.payload(), description: seeds.payload() }, (v) =>
    request.post('/api/roles', {
      headers,
      data: { title: v.title, description: v.description, company_id: companyId },
    }),
  );
  return { tagId };
}

/** The signed-in user's token, the system notice, a company SMTP server and resources. */
export async function seedAccountAndSystem({ page, seeds, headers, companyId }: SeedContext) {
  const { request } = page;
  // Tokens are made with the password confirmed within the last minutes.
  const confirmed = await request.post('/api/password-confirmation', {
    headers,
    data: { password: SUPER_ADMIN.password },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  await seeds.write('access token', { name: seeds.payload() }, (v) =>
    request.post('/api/user/tokens', { headers, data: { name: v.name, scopes: ['users:read'] } }),
  );
  // A webhook's address is checked as a URL, whose query may hold markup.
  await seeds.write('webhook', { url: seeds.payload() }, (v) =>
    request.post('/api/webhooks', {
      headers,
      data: { url: `http://127.0.0.1:9/hook?${v.url ?? ''}`, events: ['status.update'] },
    }),
  );
  // Notices are rich text: the markup is sanitised away and only the rest shows.
  const [img, script, link] = [seeds.payload(), seeds.payload(), seeds.payload()];
  await seeds.write(
    'notice',
    { message: `${img} <a href="${link}">link</a> <img src="${link}"> ${script}` },
    (v) =>
      request.post('/api/admin/notices', {
        headers,
        data: { type: 'info', enabled: true, message: v.message },
      }),
    { sanitised: true },
  );
  await seeds.write(
    'email configuration',
    { name: seeds.payload(), username: seeds.payload() },
    (v) =>
      request.post('/api/email-configurations', {
        headers,
        data: {
          company_id: companyId,
          name: v.name,
          host: 'smtp.example.test',
          port: 587,
          email: 'xss@example.test',
          username: v.username,
        },
      }),
  );
  await seeds.write('credits', { pro_form_nr: seeds.payload() }, (v) =>
    request.post('/api/credits', {
      headers,
      data: {
        credit_type_id: 2,
        credit_count: 5,
        company_id: companyId,
        credit_price: 1,
        pro_form_nr: v.pro_form_nr,
      },
    }),
  );
  // A code hands out resources in stock: the credits above.
  await seeds.write('credit code', { comment: seeds.payload() }, (v) =>
    request.post('/api/credits/codes', {
      headers,
      data: { credit_type_name: 'credit', amount: 1, comment: v.comment },
    }),
  );
}

/**
 * A user invited by e-mail who registers under a chosen user name (netfleet keeps no first or
 * last names: the user name is the one name a user gives).
 */
export async function seedRegisteredUser(
  { page, seeds, headers, companyId, run }: SeedContext,
  anonymous: APIRequestContext,
) {
  const email = `xss-${run}@example.test`;
  const invited = await page.request.post('/api/users/invite', {
    headers,
    data: { email, company_id: companyId, role: 'end_user' },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const [, token] = await waitForMail(email, /\/register\/([\w-]+)/);
  const password = `xss-password-${run}`;
  await seeds.write('registered user', { username: seeds.payload() }, (v) =>
    anonymous.post(`/account/invitations/${String(token)}/register`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { password, password_confirmation: password, username: v.username },
    }),
  );
  return email;
}
