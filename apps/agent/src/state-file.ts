import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { z } from 'zod';

/** Reads a JSON state file; a missing file is the empty state, a corrupt one is an error. */
export const readState = async <T>(path: string, schema: z.ZodType<T>, empty: T): Promise<T> => {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return empty;
    throw error;
  }
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`${path} is not a valid state file: ${parsed.error.message}`);
  return parsed.data;
};

/** Writes atomically (temp file + rename) and private to the user: it holds device passwords. */
export const writeState = async (path: string, state: unknown): Promise<void> => {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(state, null, 1)}\n`, { mode: 0o600 });
  await rename(temp, path);
};
