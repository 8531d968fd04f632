import { z } from 'zod';

// A simulated device's file table: the files `file_put` jobs wrote, by path. It lives in the
// device's entry of the fleet state, so the bytes are kept only for small files.

/** Files up to this size keep their bytes, so `file_get` uploads them again; larger ones do not. */
export const SIM_FILE_KEEP_MAX_BYTES = 1024 * 1024;

const simFileSchema = z.object({
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The name it had in Files. */
  name: z.string(),
  /** Epoch ms, by the device's clock. */
  written_at: z.number().int(),
  /** Base64 of the bytes, for a file of at most SIM_FILE_KEEP_MAX_BYTES. */
  content: z.string().optional(),
});
export type SimFile = z.infer<typeof simFileSchema>;

export const simFileTableSchema = z.record(z.string(), simFileSchema);
export type SimFileTable = z.infer<typeof simFileTableSchema>;
