import { describe, expect, it, vi } from 'vitest';
import { generatedValue, randomAlphanumeric } from './random';

// Replaces the next draw: zero bytes ('AAAA…') after the given ones; later draws are random.
function nextDraw(bytes: number[] = []) {
  vi.spyOn(crypto, 'getRandomValues').mockImplementationOnce((array) => {
    (array as Uint8Array).fill(0).set(bytes);
    return array;
  });
}

describe('generated values', () => {
  it('gives letters and digits of the asked length, skipping biased bytes', () => {
    expect(randomAlphanumeric(40)).toMatch(/^[A-Za-z0-9]{40}$/);
    nextDraw([255, 248, 1, 61]);
    expect(randomAlphanumeric(2)).toBe('B9');
  });

  it('makes a 16-character password with upper case, lower case and a digit', () => {
    nextDraw();
    const password = generatedValue('password', {});
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(password).toMatch(/[A-Z]/);
    expect(password).toMatch(/[a-z]/);
    expect(password).toMatch(/\d/);
  });

  it('keeps other generated values within the field length', () => {
    nextDraw();
    expect(generatedValue(true, {})).toBe('A'.repeat(16));
    expect(generatedValue(true, { maxlength: 8 })).toHaveLength(8);
    expect(generatedValue(true, { minlength: 20, maxlength: 30 })).toHaveLength(20);
  });
});
