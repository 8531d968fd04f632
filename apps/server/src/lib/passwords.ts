import { hash, verify } from '@node-rs/argon2';

// OWASP argon2id baseline (19 MiB, 2 passes, 1 lane); @node-rs/argon2 defaults to argon2id.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** A hash of a random string, verified when the e-mail is unknown so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;

export const verifyPassword = async (
  passwordHash: string | null,
  password: string,
): Promise<boolean> => {
  if (!passwordHash) {
    dummyHash ??= hash('netfleet-timing-equaliser', OPTIONS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
};
