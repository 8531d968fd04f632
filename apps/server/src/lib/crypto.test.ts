import { GENERATED_PASSWORD_LENGTH, RANDOM_STRING_ALPHABET } from '@netfleet/contracts';
import { describe, expect, it } from 'vitest';
import { generatePassword } from './crypto';

describe('generatePassword', () => {
  it('draws GENERATED_PASSWORD_LENGTH characters from the spec §9 alphabet', () => {
    const passwords = Array.from({ length: 50 }, () => generatePassword());
    for (const password of passwords) {
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect([...password].every((c) => RANDOM_STRING_ALPHABET.includes(c))).toBe(true);
    }
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});
