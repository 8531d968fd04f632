import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { loginAs, type TestSession } from '@test/session';
import { MAX_JSON_DEPTH } from './errors';

let t: TestApp;
let session: TestSession;
beforeAll(async () => {
  t = await buildTestApp();
  session = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: session.headers });

describe('NUL characters (PostgreSQL text cannot hold them)', () => {
  // The query and the route parameters are prototype-less dictionaries, not plain objects: the
  // check once skipped them, and these searches reached the database as 500s.
  it.each([
    ['/api/files?q=%00', 'q'],
    ['/api/wireless?q=a%00b', 'q'],
    ['/api/users/impersonation-logs?q=%00', 'q'],
    ['/api/files?q=a&q=%00', 'q.1'],
    ['/api/status/channel/abc%00', 'channel'],
  ])('%s is a 400 naming %s', async (url, source) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      errors: [
        { code: 'VALIDATION_ERROR', message: 'Text may not contain NUL characters', source },
      ],
    });
  });
});

describe("the router's own refusals", () => {
  it('a URL that does not decode answers the error envelope', async () => {
    const response = await get('/api/devices/%ED%A0%80');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      errors: [{ code: 'VALIDATION_ERROR', source: null }],
    });
  });

  it('a route parameter over the length limit answers 414 with the envelope', async () => {
    const response = await get(`/api/devices/${'1'.repeat(200)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toMatchObject({
      success: false,
      errors: [{ code: 'VALIDATION_ERROR', source: null }],
    });
  });
});

describe('deeply nested JSON', () => {
  const post = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload,
    });

  // Thousands of levels overflowed the stack of the body's walkers: a 500.
  it.each([5_000, 60_000])('%d levels are a 400 with the envelope', async (depth) => {
    const response = await post(`${'[{"a":'.repeat(depth / 2)}1${'}]'.repeat(depth / 2)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      errors: [
        {
          code: 'VALIDATION_ERROR',
          message: `JSON may not nest more than ${MAX_JSON_DEPTH} levels deep`,
          source: null,
        },
      ],
    });
  });

  it('brackets inside strings do not count, and ordinary bodies still pass', async () => {
    const response = await post(JSON.stringify({ name: '[[[[{{{{'.repeat(40), color: '#fff' }));
    expect(response.statusCode).not.toBe(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('malformed multipart bodies', () => {
  const upload = (contentType: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...session.headers, 'content-type': contentType },
      payload,
    });
  const part = '--zz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nab';

  // busboy's plain errors once left the image, file and document uploads as 500s.
  it.each([
    ['cut short', 'multipart/form-data; boundary=zz', part],
    ['without a boundary', 'multipart/form-data', `${part}\r\n--zz--\r\n`],
  ])('%s is a 400 with the envelope', async (_, contentType, payload) => {
    const response = await upload(contentType, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      errors: [{ code: 'VALIDATION_ERROR', message: 'Malformed multipart body', source: null }],
    });
  });
});
