import { describe, expect, it } from 'vitest';
import { formBody, toFormData } from './request';
import { formOf } from './test-utils';

describe('toFormData', () => {
  it('indexes arrays and nested rows, skips empty values, stringifies scalars', () => {
    const file = new File(['x'], 'a.txt');
    const data = toFormData({
      name: 'n',
      count: 3,
      on: false,
      gone: null,
      file,
      rows: [{ name: 'a', port: 22 }],
      ids: [4, 5],
    });
    expect([...data.keys()]).toEqual([
      'name',
      'count',
      'on',
      'file',
      'rows[0][name]',
      'rows[0][port]',
      'ids[0]',
      'ids[1]',
    ]);
    expect(data.get('on')).toBe('false');
    expect(data.get('rows[0][port]')).toBe('22');
    expect(data.get('file')).toBeInstanceOf(File);
  });
});

describe('formBody', () => {
  it('adds the MFA session data to the transformed values', () => {
    const definition = formOf([], { transform: (values) => ({ email: values.mail }) });
    expect(
      formBody(definition, { mail: 'a@b.io' }, { session_code: '123', session_uuid: 'u' }),
    ).toEqual({ email: 'a@b.io', session_code: '123', session_uuid: 'u' });
  });

  it('puts the MFA session data into a multipart body', () => {
    const definition = formOf([], { multipart: true });
    const body = formBody(definition, { a: '1' }, { session_code: '9' }) as FormData;
    expect(body.get('a')).toBe('1');
    expect(body.get('session_code')).toBe('9');
  });
});
