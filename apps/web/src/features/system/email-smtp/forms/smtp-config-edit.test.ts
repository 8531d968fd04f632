import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi } from '@/test/mock-api';
import { smtpConfigEditForm } from './smtp-config-edit';

const row = {
  id: 5,
  company_id: 3,
  company_name: 'Acme',
  name: 'Office relay',
  host: 'smtp.acme.test',
  port: 465,
  secure: true,
  email: 'noreply@acme.test',
  username: null,
  has_password: true,
  created_at: '2026-02-03T10:00:00Z',
};

const list = (data: unknown[]) =>
  jsonResponse(200, { success: true, data, meta: { total: data.length } });

afterEach(() => {
  vi.unstubAllGlobals();
});

// /forms/smtp-config-edit/<id> opens without a row at hand: the values come from the list by id.
describe('smtpConfigEditForm.initialValues', () => {
  const load = (id?: string) => {
    if (!smtpConfigEditForm.initialValues) throw new Error('No loader');
    return smtpConfigEditForm.initialValues(id);
  };

  it('loads the configuration by id, with an empty password', async () => {
    const { calls } = mockApi({ 'GET /api/email-configurations': () => list([row]) });
    await expect(load('5')).resolves.toEqual({
      name: 'Office relay',
      host: 'smtp.acme.test',
      port: 465,
      secure: true,
      email: 'noreply@acme.test',
      username: '',
      password: '',
    });
    expect(calls('GET /api/email-configurations')[0]?.[0]).toBe(
      '/api/email-configurations?id=5&limit=1',
    );
    const { url } = smtpConfigEditForm;
    expect(typeof url === 'function' ? url({}, '5') : url).toBe('/email-configurations/5');
  });

  it('answers not found for an unknown or malformed id', async () => {
    const { fetchMock } = mockApi({ 'GET /api/email-configurations': () => list([]) });
    await expect(load('9')).rejects.toThrow('SMTP configuration not found');
    await expect(load('abc')).rejects.toThrow('SMTP configuration not found');
    await expect(load()).rejects.toThrow('SMTP configuration not found');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
