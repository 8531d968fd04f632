import { z } from 'zod';
import { MAX_FILE_SIZE } from './validation.ts';

// Files to and from a device's file system: the task manager's upload_file step sends a file of
// Files to a path on the device (`file_put`), its download_file step brings a file of the device
// into Files (`file_get`). netfleet-agent touches only paths under its `--file-paths`; the
// simulator keeps a file table of its own.

/** The largest file a device uploads (`file_get`): the server holds the body in memory. */
export const DEVICE_FILE_MAX_BYTES = 16 * 1024 * 1024;

export const DEVICE_FILE_MESSAGES = {
  absolutePath: 'Use an absolute path on the device, like /etc/config/network',
  notAllowed: 'The path is outside the paths this device allows (netfleet-agent --file-paths)',
  disabled:
    'Transferring files is not allowed on this device (start netfleet-agent with --file-paths)',
  noSuchFile: (path: string) => `No such file: ${path}`,
  notAFile: (path: string) => `Not a regular file: ${path}`,
  tooLarge: 'File too large',
  written: (path: string) => `Written to ${path}`,
  uploaded: 'File uploaded',
} as const;

/** An absolute device path without `..` or NUL: what a step may name. */
export const devicePathSchema = z
  .string()
  .trim()
  .min(2)
  .max(1024)
  .refine(
    (path) => path.startsWith('/') && !path.split('/').includes('..') && !path.includes('\0'),
    DEVICE_FILE_MESSAGES.absolutePath,
  );

/** `file_put`: download `url` (checking size and SHA-256) and write it to `path`. */
export const filePutArgsSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  size: z.number().int().min(0).max(MAX_FILE_SIZE),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  name: z.string().max(255),
  path: devicePathSchema,
});
export type FilePutArgs = z.infer<typeof filePutArgsSchema>;

/** `file_get`: PUT the file at `path` (application/octet-stream) to `upload_url`. */
export const fileGetArgsSchema = z.object({
  path: devicePathSchema,
  upload_url: z.url({ protocol: /^https?$/ }),
  max_size: z.number().int().positive().max(DEVICE_FILE_MAX_BYTES),
});
export type FileGetArgs = z.infer<typeof fileGetArgsSchema>;

/** The headers of a `file_get` upload (X-Requested-With: every unauthenticated write needs it). */
export const DEVICE_FILE_UPLOAD_HEADERS = {
  'content-type': 'application/octet-stream',
  'x-requested-with': 'netfleet-device',
} as const;

/** What the upload answered; the device repeats it as the JSON `result` of its ack. */
export const deviceFileUploadAnswerSchema = z.object({
  file_id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});
export type DeviceFileUploadAnswer = z.infer<typeof deviceFileUploadAnswerSchema>;
