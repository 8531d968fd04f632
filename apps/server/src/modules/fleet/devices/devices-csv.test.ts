import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '@/db/types';
import type { TestApp } from '@test/app';
import type { TestSession } from '@test/session';
import { createReadFixture, type ReadFixture } from './devices-read.fixtures';

let t: TestApp;
let call: ReadFixture['call'];
let treeA: CompanyRow;
let childA: CompanyRow;
let adminA: TestSession;
let ids: Record<string, number>;

beforeAll(async () => {
  ({ t, call, treeA, childA, adminA, ids } = await createReadFixture());
});
afterAll(() => t.close());

describe('CSV import and export', () => {
  const upload = (
    session: TestSession,
    filename: string,
    csv: string,
    fields: Record<string, string>,
    mimetype = 'text/csv',
  ) => {
    const boundary = 'nfboundary';
    const parts = Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mimetype}\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/devices/import',
      headers: { ...session.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: parts.join(''),
    });
  };

  it('imports rows on their own and exports them back without secrets', async () => {
    const csv =
      'serial,mac,name\n  IMP000001,00:11:22:33:44:55,Imported one  \n\nIMP000002,nope,Bad\nIMP000003,00:11:22:33:44:56,"Imported, three"\n';
    const response = await upload(adminA, 'devices.csv', csv, {
      company_id: String(childA.id),
      tag_id: String(ids.tag),
    });
    expect(response.statusCode, response.body).toBe(207);
    const body = response.json<{ data: { row: number; ok: boolean; claim_secret?: string }[] }>();
    expect(body.data.map((r) => [r.row, r.ok])).toEqual([
      [2, true],
      [4, false],
      [5, true],
    ]);
    expect(body.data[0]?.claim_secret).toMatch(/^[A-Z0-9]{24}$/);

    const exported = await call(
      adminA,
      'GET',
      `/api/devices/export/csv?company_id=${childA.id}&sort=serial`,
    );
    expect(exported.status).toBe(200);
    expect(String(exported.headers['content-disposition'])).toMatch(
      /attachment; filename="devices-/,
    );
    const lines = exported.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,name,serial,mac,imei,model,firmware,status,company_name,operator,signal,connection_type,wan_ip,last_connection_at',
    );
    expect(lines).toHaveLength(4);
    const serials = await call(
      adminA,
      'GET',
      `/api/devices/export/csv?company_id=${childA.id}&sort=serial&fields=serial`,
    );
    expect(serials.text.trim().split('\r\n').slice(1, 3)).toEqual(['IMP000001', 'IMP000003']);
    expect(exported.text).toContain('"Imported, three"');
    expect(exported.text).not.toContain(body.data[0]?.claim_secret ?? '-');
    expect(exported.text).not.toContain('beta');
  });

  it('refuses files that are not CSV', async () => {
    const response = await upload(
      adminA,
      'devices.txt',
      'serial,mac\n',
      { company_id: String(treeA.id) },
      'text/plain',
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: [{ message: 'Not a CSV file selected', source: 'file' }],
    });
  });
});
