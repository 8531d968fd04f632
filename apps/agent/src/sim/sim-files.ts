import { DEVICE_FILE_MESSAGES, type CommandMessage } from '@netfleet/contracts';
import { downloadFile, parseFileGetArgs, parseFilePutArgs, uploadFile } from '../file-jobs.ts';
import type { CommandContext, CommandOutcome } from '../types.ts';
import type { SimDevice } from './sim-device.ts';
import { isSimDirectory, systemFileText } from './sim-file-content.ts';
import { SIM_FILE_KEEP_MAX_BYTES } from './sim-file-table.ts';

// A simulated router's `file_put` and `file_get`: a put really downloads and checks the file,
// then records it in the device's file table; a get uploads what was put at that path, or the
// files the device has of itself (sim-file-content.ts).

/** Writing a downloaded file to flash takes between these many ms (drawn per job). */
export const FILE_PUT_MIN_MS = 1000;
export const FILE_PUT_MAX_MS = 3000;
/** Reading a file before its upload takes between these many ms (drawn per job). */
export const FILE_GET_MIN_MS = 500;
export const FILE_GET_MAX_MS = 1500;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const failed = (message: string): CommandOutcome => ({ status: 'failed', message });

export interface SimFilePutOptions {
  /** What the job fails with after the download and check (`jobFailureRate`); null: none. */
  failure: string | null;
  /** Told once the file table changed, to keep it (fleet state). */
  onChanged?: ((device: SimDevice) => void) | undefined;
}

/**
 * `file_put`: downloads and checks the file, takes the router's 1 to 3 s to write it, then
 * records it (with its bytes when small enough to keep) under its path. A path that is one of
 * the device's directories fails before the download; a failed download or write changes nothing.
 */
export const simFilePut = async (
  device: SimDevice,
  command: CommandMessage,
  context: CommandContext,
  options: SimFilePutOptions,
): Promise<CommandOutcome> => {
  const parsed = parseFilePutArgs(command);
  if ('rejected' in parsed) return parsed.rejected;
  const { args } = parsed;
  if (isSimDirectory(device, args.path)) return failed(DEVICE_FILE_MESSAGES.notAFile(args.path));
  // Ten thousand devices share one process: a file too large to keep is only checked.
  const keep = args.size <= SIM_FILE_KEEP_MAX_BYTES;
  const chunks: Uint8Array[] = [];
  const failure = await downloadFile(args, context, (chunk) => {
    if (keep) chunks.push(chunk);
  });
  if (failure) return failure;
  await sleep(device.rng.int(FILE_PUT_MIN_MS, FILE_PUT_MAX_MS));
  if (options.failure !== null) return failed(options.failure);
  device.files = {
    ...device.files,
    [args.path]: {
      size: args.size,
      sha256: args.sha256,
      name: args.name,
      written_at: device.now(),
      ...(keep ? { content: Buffer.concat(chunks).toString('base64') } : {}),
    },
  };
  options.onChanged?.(device);
  return { status: 'completed', message: DEVICE_FILE_MESSAGES.written(args.path) };
};

/** The bytes at `path`: what a put wrote there, else the device's own file, or why none. */
const fileBytes = (device: SimDevice, path: string): Uint8Array | CommandOutcome => {
  const written =
    device.files && Object.hasOwn(device.files, path) ? device.files[path] : undefined;
  if (written) {
    return written.content === undefined
      ? failed(DEVICE_FILE_MESSAGES.tooLarge)
      : Buffer.from(written.content, 'base64');
  }
  const text = systemFileText(device, path);
  if (text !== null) return Buffer.from(text);
  return failed(
    isSimDirectory(device, path)
      ? DEVICE_FILE_MESSAGES.notAFile(path)
      : DEVICE_FILE_MESSAGES.noSuchFile(path),
  );
};

/**
 * `file_get`: a missing file, a directory or one larger than `max_size` fails at once with
 * nothing uploaded; otherwise, after the router's 0.5 to 1.5 s, the file is uploaded.
 */
export const simFileGet = async (
  device: SimDevice,
  command: CommandMessage,
  context: CommandContext,
): Promise<CommandOutcome> => {
  const parsed = parseFileGetArgs(command);
  if ('rejected' in parsed) return parsed.rejected;
  const { args } = parsed;
  const bytes = fileBytes(device, args.path);
  if (!(bytes instanceof Uint8Array)) return bytes;
  if (bytes.length > args.max_size) return failed(DEVICE_FILE_MESSAGES.tooLarge);
  await sleep(device.rng.int(FILE_GET_MIN_MS, FILE_GET_MAX_MS));
  return uploadFile(args, bytes, context);
};
