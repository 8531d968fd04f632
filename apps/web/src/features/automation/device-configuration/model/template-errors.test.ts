import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { applyTemplateErrors } from './template-errors';
import { newOption, newRequest, type RequestFormValue } from './template-form';

const requests: RequestFormValue[] = [
  { ...newRequest(), method: 'post', path: '/network/guest' },
  {
    ...newRequest(),
    path: '/network/lan',
    options: [
      { ...newOption(), key: 'ipaddr' },
      { ...newOption(), key: 'dns' },
    ],
  },
];

const refusal = (...sources: (string | null)[]) =>
  new ApiError(
    422,
    'Unprocessable Entity',
    sources.map((source) => ({ code: 'VALIDATION_ERROR', message: `bad ${source}`, source })),
  );

describe('applyTemplateErrors', () => {
  it("puts each request's error under the input it names", () => {
    const setError = vi.fn();
    const rest = applyTemplateErrors(
      refusal(
        'template.0.request_data..type',
        'template.1.request_data.dns.1',
        'template.1.request_data.mtu',
        'template.1.method',
        'template.0',
        'max_firmware',
      ),
      requests,
      setError,
    );
    const fields = setError.mock.calls.map(([field]: unknown[]) => field);
    expect(fields).toEqual([
      'template.0.type',
      'template.1.options.1.value',
      // An option the inputs no longer name: under the request's options.
      'template.1.options',
      'template.1.method',
      'template.0.path',
      'max_firmware',
    ]);
    expect(rest).toEqual([]);
  });

  it('leaves what names no input, or a request that is gone, for the list', () => {
    const setError = vi.fn();
    expect(applyTemplateErrors(refusal('template.5.path', null), requests, setError)).toEqual([
      'bad template.5.path',
      'bad null',
    ]);
    expect(setError).not.toHaveBeenCalled();
  });
});
