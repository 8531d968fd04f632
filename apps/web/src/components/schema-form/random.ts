// The "generate" button's value: random letters and digits from the browser's CSPRNG.
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// 248 = 4 × 62: bytes at or above it are dropped so every character is equally likely.
const UNBIASED_LIMIT = 256 - (256 % ALPHANUMERIC.length);

export const GENERATED_PASSWORD_LENGTH = 16;

export function randomAlphanumeric(length: number): string {
  let result = '';
  while (result.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < UNBIASED_LIMIT && result.length < length)
        result += ALPHANUMERIC.charAt(byte % ALPHANUMERIC.length);
    }
  }
  return result;
}

// Password rules commonly ask for upper case, lower case and a digit; redraw until all are there.
const isStrong = (value: string): boolean =>
  /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value);

export function randomPassword(): string {
  let password = randomAlphanumeric(GENERATED_PASSWORD_LENGTH);
  while (!isStrong(password)) password = randomAlphanumeric(GENERATED_PASSWORD_LENGTH);
  return password;
}

/** 'password' gives 16 characters; otherwise 16 kept within the field's length limits. */
export function generatedValue(
  kind: boolean | 'password',
  limits: { minlength?: number; maxlength?: number },
): string {
  if (kind === 'password') return randomPassword();
  const length = Math.max(
    limits.minlength ?? 1,
    Math.min(GENERATED_PASSWORD_LENGTH, limits.maxlength ?? GENERATED_PASSWORD_LENGTH),
  );
  return randomAlphanumeric(length);
}
