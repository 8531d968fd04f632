import { GENERATED_PASSWORD_LENGTH, RANDOM_STRING_ALPHABET } from '@netfleet/contracts';
import { describe, expect, it } from 'vitest';
import { createSecretBox, generatePassword } from './crypto';

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

describe('createSecretBox', () => {
  const box = createSecretBox('x'.repeat(32), 'test');

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = box.seal('hunter2');
    expect(sealed).not.toContain('hunter2');
    expect(box.open(sealed)).toBe('hunter2');
    expect(box.seal('hunter2')).not.toBe(sealed);
  });

  it('refuses altered text and text sealed under another secret or purpose', () => {
    const sealed = box.seal('hunter2');
    const [version, nonce, tag, body = ''] = sealed.split('.');
    const flipped = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => box.open([version, nonce, tag, flipped].join('.'))).toThrow();
    expect(() => createSecretBox('y'.repeat(32), 'test').open(sealed)).toThrow();
    expect(() => createSecretBox('x'.repeat(32), 'other').open(sealed)).toThrow();
    expect(() => box.open('hunter2')).toThrow('not a sealed secret');
  });
});
