/** A positive integer flag, or a clear error naming the flag. */
export const intFlag = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} must be a whole number, got "${value}"`);
  return n;
};

/** Prints the message and usage, and exits non-zero. */
export const fail = (message: string, usage: string): never => {
  process.stderr.write(`${message}\n\n${usage}`);
  process.exit(2);
};

/** A fraction flag (0 to 1, e.g. 0.02), or a clear error naming the flag. */
export const fractionFlag = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new Error(`--${name} must be a number from 0 to 1, got "${value}"`);
  return n;
};
