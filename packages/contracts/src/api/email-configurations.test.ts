import { describe, expect, it } from 'vitest';
import {
  createEmailConfigurationBodySchema,
  emailConfigurationListQuerySchema,
  updateEmailConfigurationBodySchema,
} from './email-configurations.ts';

const valid = {
  name: 'Office relay',
  host: 'smtp.example.com',
  port: 587,
  email: 'alerts@example.com',
  company_id: 3,
};

describe('email configuration contracts', () => {
  it('accepts a configuration and defaults secure to false', () => {
    expect(createEmailConfigurationBodySchema.parse(valid)).toEqual({ ...valid, secure: false });
  });

  it('accepts internal host names and IP literals, refuses the rest', () => {
    for (const host of ['mail', 'smtp.lan', '10.0.0.5', '::1', 'fe80::1']) {
      expect(createEmailConfigurationBodySchema.safeParse({ ...valid, host }).success).toBe(true);
    }
    for (const host of ['', 'smtp example', 'smtp.example.com:25', '-bad.example']) {
      expect(createEmailConfigurationBodySchema.safeParse({ ...valid, host }).success).toBe(false);
    }
  });

  it('keeps the port within 1-65535', () => {
    for (const port of [0, 65536, 2.5]) {
      const result = createEmailConfigurationBodySchema.safeParse({ ...valid, port });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['port']);
    }
  });

  it('leaves an omitted password out of an update, so it stays unchanged', () => {
    expect(updateEmailConfigurationBodySchema.parse({ name: 'x' })).toEqual({ name: 'x' });
    expect(updateEmailConfigurationBodySchema.parse({ password: null })).toEqual({
      password: null,
    });
  });

  it('parses the company filter of the list', () => {
    expect(emailConfigurationListQuerySchema.parse({ company_id: '7' })).toMatchObject({
      company_id: 7,
      limit: 25,
    });
    expect(emailConfigurationListQuerySchema.safeParse({ company_id: 'x' }).success).toBe(false);
  });
});
