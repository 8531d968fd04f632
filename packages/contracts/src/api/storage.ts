import { z } from 'zod';

export const STORAGE_KEY_MAX_LENGTH = 100;
export const STORAGE_VALUE_MAX_LENGTH = 65536;

export const storageKeySchema = z
  .string()
  .min(1)
  .max(STORAGE_KEY_MAX_LENGTH)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'Key may contain letters, digits, _ . : and - only');

export const storageRecordSchema = z.object({
  key: storageKeySchema,
  value: z.string().max(STORAGE_VALUE_MAX_LENGTH),
});
export type StorageRecord = z.infer<typeof storageRecordSchema>;

export const storageSetBodySchema = storageRecordSchema.pick({ value: true });
export type StorageSetBody = z.infer<typeof storageSetBodySchema>;
