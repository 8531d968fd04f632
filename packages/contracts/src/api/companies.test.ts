import { describe, expect, it } from 'vitest';
import {
  COMPANY_MESSAGES,
  companyFlagsBodySchema,
  companyListQuerySchema,
  createCompanyBodySchema,
  moveCompanyBodySchema,
  updateCompanyBodySchema,
} from './companies.ts';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('company contracts', () => {
  it('trims the name and requires at least 3 characters and a parent', () => {
    expect(createCompanyBodySchema.parse({ name: '  Acme ', parent_id: 1 })).toEqual({
      name: 'Acme',
      parent_id: 1,
    });
    expect(issues(createCompanyBodySchema.safeParse({ name: ' ab ', parent_id: 1 }))).toEqual([
      ['name', COMPANY_MESSAGES.nameTooShort],
    ]);
    expect(issues(createCompanyBodySchema.safeParse({ name: 'Acme' }))).toEqual([
      ['parent_id', 'Parent company is required'],
    ]);
  });

  it('refuses forbidden name characters and non-id parents', () => {
    expect(createCompanyBodySchema.safeParse({ name: 'Acme <b>', parent_id: 1 }).success).toBe(
      false,
    );
    expect(createCompanyBodySchema.safeParse({ name: 'Acme', parent_id: 0 }).success).toBe(false);
    expect(createCompanyBodySchema.safeParse({ name: 'Acme', parent_id: '2' }).success).toBe(false);
  });

  it('clears the e-mail with an empty string and validates it otherwise', () => {
    expect(updateCompanyBodySchema.parse({ email: '' })).toEqual({ email: null });
    expect(updateCompanyBodySchema.parse({ email: ' a@b.test ' })).toEqual({ email: 'a@b.test' });
    expect(updateCompanyBodySchema.safeParse({ email: 'nope' }).success).toBe(false);
    expect(updateCompanyBodySchema.parse({})).toEqual({});
  });

  it('accepts only known payment types and boolean flags', () => {
    expect(companyFlagsBodySchema.parse({ payment_type: 'paid', mfa_enforced: true })).toEqual({
      payment_type: 'paid',
      mfa_enforced: true,
    });
    expect(companyFlagsBodySchema.safeParse({ payment_type: 'card' }).success).toBe(false);
    expect(companyFlagsBodySchema.safeParse({ show_payment: 'yes' }).success).toBe(false);
  });

  it('needs both ends of a move', () => {
    expect(issues(moveCompanyBodySchema.safeParse({ source: 4 }))).toEqual([
      ['target', 'Target company is required'],
    ]);
  });

  it('parses list filters and refuses levels beyond 3', () => {
    expect(companyListQuerySchema.parse({ level: '1,2' }).level).toEqual([1, 2]);
    expect(companyListQuerySchema.safeParse({ level: '1,x' }).success).toBe(false);
    expect(companyListQuerySchema.parse({ parent_id: '3', level: '2' })).toMatchObject({
      parent_id: 3,
      level: [2],
      limit: 25,
    });
    expect(companyListQuerySchema.safeParse({ level: '4' }).success).toBe(false);
  });
});
