import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors, fieldErrorProp, splitServerErrors } from './server-errors';

const failure = (...items: [code: string, message: string, source: string | null][]) =>
  new ApiError(
    422,
    'Unprocessable Entity',
    items.map(([code, message, source]) => ({ code, message, source })),
  );

describe('splitServerErrors', () => {
  it('puts messages under the field their source names, index stripped, the rest aside', () => {
    const error = failure(
      ['VALIDATION_ERROR', 'Name is taken', 'devices.3.name'],
      ['VALIDATION_ERROR', 'Quota exceeded', null],
      ['VALIDATION_ERROR', 'Unknown field', 'colour'],
    );
    expect(splitServerErrors(error, ['devices.name'])).toEqual({
      fields: { 'devices.name': 'Name is taken' },
      others: ['Quota exceeded', 'Unknown field'],
    });
  });

  it('puts a source under a field named with its index (a table cell) before stripping it', () => {
    const error = failure(
      ['VALIDATION_ERROR', 'Port taken', 'ports.1.port'],
      ['VALIDATION_ERROR', 'Bad name', 'ports.0.name'],
    );
    expect(splitServerErrors(error, ['ports.0.port', 'ports.1.port', 'ports.name'])).toEqual({
      fields: { 'ports.1.port': 'Port taken', 'ports.name': 'Bad name' },
      others: [],
    });
  });

  it('puts a bulk data.N source under its field and ignores UNAUTHORIZED items', () => {
    const error = failure(
      ['UNAUTHORIZED', 'Unauthorized', null],
      ['VALIDATION_ERROR', 'Name is taken', 'data.1.name'],
      ['VALIDATION_ERROR', 'Bad serial', 'data.0.serial'],
    );
    expect(splitServerErrors(error, ['name'])).toEqual({
      fields: { name: 'Name is taken' },
      others: ['Bad serial'],
    });
  });

  it('words an MFA_REQUIRED that could not be answered', () => {
    expect(splitServerErrors(failure(['MFA_REQUIRED', '', null]), []).others).toEqual([
      'Failed to connect to server',
    ]);
    expect(splitServerErrors(failure(['MFA_REQUIRED', 'Use a key', null]), []).others).toEqual([
      'Use a key',
    ]);
  });

  it('treats a failure without items as one message', () => {
    expect(splitServerErrors(new Error('offline'), ['name'])).toEqual({
      fields: {},
      others: ['offline'],
    });
  });
});

describe('applyServerErrors', () => {
  const fields = ['current_password', 'password', 'password_confirmation'] as const;

  it('marks the confirmation field too when the password is refused', () => {
    const setError = vi.fn();
    const others = applyServerErrors(
      failure(['VALIDATION_ERROR', 'Too common', 'password']),
      fields,
      setError,
    );
    expect(others).toEqual([]);
    expect(setError.mock.calls).toEqual([
      ['password', { type: 'server', message: 'Too common' }],
      ['password_confirmation', { type: 'server', message: '' }],
    ]);
  });

  it('leaves the confirmation alone for an error on another field', () => {
    const setError = vi.fn();
    applyServerErrors(
      failure(['CONFIRMATION_FAILED', 'Wrong password', 'current_password']),
      fields,
      setError,
    );
    expect(setError.mock.calls).toEqual([
      ['current_password', { type: 'server', message: 'Wrong password' }],
    ]);
  });
});

describe('fieldErrorProp', () => {
  it('gives the message, a bare mark for an empty one, nothing without an error', () => {
    expect(fieldErrorProp({ type: 'server', message: 'Too short' })).toBe('Too short');
    expect(fieldErrorProp({ type: 'server', message: '' })).toBe(true);
    expect(fieldErrorProp(undefined)).toBeUndefined();
  });
});
