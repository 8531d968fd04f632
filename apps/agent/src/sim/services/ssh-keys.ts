import { generateKeyPairSync, randomBytes } from 'node:crypto';

// ssh2's utils.generateKeyPairSync('ed25519') strips every leading zero byte of the public key
// (meaning to drop the DER bit string's padding byte): one key in 256 comes out 31 bytes long and
// fails to parse. A simulator whose host key failed hung up before the SSH handshake.

const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** An SSH wire-format string: its length, then its bytes. */
const sshString = (value: Buffer | string) => {
  const bytes = Buffer.from(value);
  return Buffer.concat([uint32(bytes.length), bytes]);
};

/** An ed25519 key's 32 raw bytes end both its SPKI (public) and its PKCS#8 (seed) DER form. */
const rawKey = (der: Buffer) => der.subarray(der.length - 32);

/** A new ed25519 key pair: the private key unencrypted in OpenSSH's format, the public one as a line. */
export const generateEd25519KeyPair = (): { private: string; public: string } => {
  // Encoded by the key generation itself: Node 20 can deadlock exporting a generated key as JWK
  // when a garbage collection runs mid-export (seen in a test worker: main thread stuck on the
  // key generation job's mutex from inside KeyObjectHandle::ExportJWK).
  const { publicKey, privateKey } = generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'der' },
  });
  const pub = rawKey(publicKey);
  const seed = rawKey(privateKey);
  const wirePublic = Buffer.concat([sshString('ssh-ed25519'), sshString(pub)]);
  // Two equal check words let a reader tell a wrong passphrase; there is none here.
  const check = randomBytes(4);
  const section = Buffer.concat([
    check,
    check,
    wirePublic,
    sshString(Buffer.concat([seed, pub])),
    sshString(''),
  ]);
  const padding = Buffer.from(
    Array.from({ length: (8 - (section.length % 8)) % 8 }, (_, index) => index + 1),
  );
  const key = Buffer.concat([
    Buffer.from('openssh-key-v1\0'),
    sshString('none'),
    sshString('none'),
    sshString(''),
    uint32(1),
    sshString(wirePublic),
    sshString(Buffer.concat([section, padding])),
  ]);
  return {
    private: [
      '-----BEGIN OPENSSH PRIVATE KEY-----',
      ...(key.toString('base64').match(/.{1,70}/g) ?? []),
      '-----END OPENSSH PRIVATE KEY-----',
    ].join('\n'),
    public: `ssh-ed25519 ${wirePublic.toString('base64')}`,
  };
};
