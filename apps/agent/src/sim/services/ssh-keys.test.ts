import ssh2 from 'ssh2';
import { describe, expect, it } from 'vitest';
import { generateEd25519KeyPair } from './ssh-keys.ts';

const { parseKey } = ssh2.utils;

describe('generateEd25519KeyPair', () => {
  // ssh2's own generator makes a malformed key about once in 256; 1000 keys would hit that.
  it('makes keys ssh2 reads, the public one matching the private one', () => {
    for (let round = 0; round < 1000; round += 1) {
      const pair = generateEd25519KeyPair();
      const secret = parseKey(pair.private);
      const open = parseKey(pair.public);
      if (secret instanceof Error || open instanceof Error) {
        throw new Error(`round ${round}: ${pair.public}`);
      }
      expect(open.getPublicSSH().equals(secret.getPublicSSH())).toBe(true);
      if (round % 100 === 0) {
        const data = Buffer.from(`round ${round}`);
        expect(open.verify(data, secret.sign(data))).toBe(true);
      }
    }
  });
});
