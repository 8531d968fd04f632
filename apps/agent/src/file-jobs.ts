import { posix } from 'node:path';
import {
  DEVICE_FILE_MESSAGES,
  DEVICE_FILE_UPLOAD_HEADERS,
  deviceFileUploadAnswerSchema,
  fileGetArgsSchema,
  filePutArgsSchema,
  type CommandMessage,
  type FileGetArgs,
  type FilePutArgs,
} from '@netfleet/contracts';
import { rejection } from './config-jobs.ts';
import { downloadVerifiedInto, progressThrottle } from './download.ts';
import type { CommandContext, CommandOutcome } from './types.ts';
import { failureMessage, uploadBytes, type UploadExpectation } from './upload.ts';

// What the Linux agent and the simulator share about `file_put` and `file_get` jobs: their
// arguments, the verified download of a file to write and the upload of a file read.

/** `/etc//app/./x/` → `/etc/app/x`: one spelling per file (the schema already refused `..`). */
const normalPath = (path: string): string => posix.normalize(path).replace(/(.)\/+$/, '$1');

/** The job's `file_put` args (path normalised), or the `rejected` outcome saying which is wrong. */
export const parseFilePutArgs = (
  command: CommandMessage,
): { args: FilePutArgs } | { rejected: CommandOutcome } => {
  const parsed = filePutArgsSchema.safeParse(command.args);
  if (!parsed.success) return rejection(parsed.error);
  return { args: { ...parsed.data, path: normalPath(parsed.data.path) } };
};

/** The job's `file_get` args (path normalised), or the `rejected` outcome saying which is wrong. */
export const parseFileGetArgs = (
  command: CommandMessage,
): { args: FileGetArgs } | { rejected: CommandOutcome } => {
  const parsed = fileGetArgsSchema.safeParse(command.args);
  if (!parsed.success) return rejection(parsed.error);
  return { args: { ...parsed.data, path: normalPath(parsed.data.path) } };
};

/**
 * `file_put`'s download: `url`, with `progress` acks (`downloading`), each chunk to `keep`, size
 * and SHA-256 checked. Undefined once the whole file is verified, else the `failed` outcome with
 * why (`SHA-256 mismatch`, `download is N bytes, expected M`, `download failed: HTTP 404`, or
 * what `keep` threw).
 */
export const downloadFile = async (
  args: FilePutArgs,
  context: CommandContext,
  keep: (chunk: Uint8Array) => unknown,
): Promise<CommandOutcome | undefined> => {
  try {
    await downloadVerifiedInto(
      {
        url: args.url,
        size: args.size,
        sha256: args.sha256,
        onProgress: progressThrottle(
          (bytes, total) => void context.progress(bytes, total, 'downloading'),
        ),
      },
      keep,
    );
    return undefined;
  } catch (error) {
    return { status: 'failed', message: failureMessage(error) };
  }
};

/** What the server answers an uploaded file with. */
const FILE_UPLOAD: UploadExpectation = {
  answer: deviceFileUploadAnswerSchema,
  uploaded: DEVICE_FILE_MESSAGES.uploaded,
};

/**
 * `file_get`'s end: a file larger than `max_size` fails with `File too large` and nothing is
 * uploaded; otherwise it is PUT (application/octet-stream) to `upload_url` and the job acks what
 * the server answered.
 */
export const uploadFile = async (
  args: FileGetArgs,
  body: Uint8Array,
  context: CommandContext,
): Promise<CommandOutcome> => {
  if (body.length > args.max_size)
    return { status: 'failed', message: DEVICE_FILE_MESSAGES.tooLarge };
  return uploadBytes(
    { url: args.upload_url, headers: DEVICE_FILE_UPLOAD_HEADERS, body },
    FILE_UPLOAD,
    context,
  );
};
