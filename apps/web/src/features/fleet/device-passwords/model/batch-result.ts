import {
  passwordBatchAnswerSchema,
  passwordBatchPartialSchema,
  type ErrorItem,
} from '@netfleet/contracts';
import { deviceLabel, type PasswordDevice } from './password-forms';

/** A device the server did not give the job, with its reason; no device for a request-wide one. */
export interface DeviceFailure {
  device: string | null;
  message: string;
}

export interface BatchResult {
  /** The batch ('password task') whose passwords can be downloaded once. */
  batchId: string;
  channel: string;
  /** Devices given a job, of `total` asked for. */
  done: number;
  total: number;
  failures: DeviceFailure[];
  /** Whether the passwords were kept for the download. */
  downloadable: boolean;
}

/** The server names a device by its id as the error's source. */
export function failureOf(
  error: Pick<ErrorItem, 'message' | 'source'>,
  devices: readonly PasswordDevice[],
): DeviceFailure {
  const device = devices.find((candidate) => String(candidate.id) === error.source);
  return { device: device ? deviceLabel(device) : error.source, message: error.message };
}

/** What a 200 (everything queued) or a 207 (some devices refused) answer means for the dialog. */
export function batchResultOf(
  response: unknown,
  devices: readonly PasswordDevice[],
  downloadable: boolean,
): BatchResult {
  const answer = passwordBatchAnswerSchema.parse(response);
  const partial = passwordBatchPartialSchema.safeParse(response);
  return {
    batchId: answer.meta.task_id,
    channel: answer.meta.channel,
    done: answer.data.length,
    total: devices.length,
    failures: partial.success ? partial.data.errors.map((error) => failureOf(error, devices)) : [],
    downloadable,
  };
}

/** Device id → name, for the 'Action status' rows. */
export const itemLabels = (devices: readonly PasswordDevice[]): Record<string, string> =>
  Object.fromEntries(devices.map((device) => [String(device.id), deviceLabel(device)]));
