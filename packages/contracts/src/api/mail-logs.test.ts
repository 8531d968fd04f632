import { describe, expect, it } from 'vitest';
import { mailLogListQuerySchema, mailLogSchema } from './mail-logs.ts';

describe('mail log contracts', () => {
  it('parses list parameters with defaults and an optional status', () => {
    expect(mailLogListQuerySchema.parse({})).toMatchObject({ limit: 25, offset: 0 });
    const query = mailLogListQuerySchema.parse({ status: 'failed', sort: '-created_at', q: ' x ' });
    expect(query).toMatchObject({ status: 'failed', sort: '-created_at', q: 'x' });
  });

  it('rejects an unknown status', () => {
    expect(mailLogListQuerySchema.safeParse({ status: 'queued' }).success).toBe(false);
  });

  it('accepts a row with a null error', () => {
    const row = {
      id: 1,
      to: 'a@example.com',
      subject: 'Hi',
      body: '<b>not html</b>',
      status: 'logged',
      error: null,
      created_at: '2026-01-01T00:00:00.000Z',
    };
    expect(mailLogSchema.parse(row)).toEqual(row);
  });
});
