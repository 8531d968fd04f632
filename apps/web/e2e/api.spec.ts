import { expect, test } from '@playwright/test';
import { SUPER_ADMIN } from './users';

test('the API answers envelopes, guards mutations with XSRF and documents its routes', async ({
  request,
}) => {
  const anonymous = await request.get('/api/user');
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toMatchObject({
    success: false,
    errors: [{ code: 'UNAUTHORIZED' }],
  });

  const login = await request.post('/account/login', {
    data: SUPER_ADMIN,
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(login.status()).toBe(200);
  const me = await request.get('/api/user');
  expect(me.status()).toBe(200);
  // RMS GET /user: the user's fields are at the top level of the body.
  const user = await me.json();
  expect(user.email).toBe(SUPER_ADMIN.email);
  expect(user.permissions).toContain('super_admin');

  const withoutXsrf = await request.post('/api/storage', {
    data: { key: 'e2e', value: '1' },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(withoutXsrf.status()).toBe(403);

  const openapi = await (await request.get('/api/openapi.json')).json();
  expect(Object.keys(openapi.paths)).toEqual(
    expect.arrayContaining(['/api/user', '/account/login', '/api/storage']),
  );
});
