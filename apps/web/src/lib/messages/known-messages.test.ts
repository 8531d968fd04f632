import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { setMessageTranslator, translateKnown } from './known-messages';
import { translateValidation } from './validation';

describe('translateKnown', () => {
  afterEach(() => setMessageTranslator(translateValidation));

  it('shows an API error’s first message through the registered translator', () => {
    setMessageTranslator((message) => `[no] ${message}`);
    const error = new ApiError(422, 'Unprocessable Entity', [
      { code: 'VALIDATION_ERROR', message: 'Host is required', source: 'host' },
    ]);
    expect(error.message).toBe('[no] Host is required');
    // The items keep the server's own text.
    expect(error.errors[0]?.message).toBe('Host is required');
    expect(translateKnown('Name is required')).toBe('[no] Name is required');
  });

  it('leaves an error without items to its status text', () => {
    setMessageTranslator((message) => `[no] ${message}`);
    expect(new ApiError(500, 'Internal Server Error', []).message).toBe('Internal Server Error');
  });
});
