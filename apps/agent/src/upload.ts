import { z } from 'zod';
import { ackMessageSchema } from '@netfleet/contracts';
import type { CommandContext, CommandOutcome } from './types.ts';

// What a device's uploads to a signed link share (`backup_export`, `file_get`): the PUT, and what
// the server's answer means for the ack; and how a failed transfer reads in an ack message.

/** How long an upload may take before the job fails. */
export const UPLOAD_TIMEOUT_MS = 60_000;

const MESSAGE_MAX = ackMessageSchema.shape.message.unwrap().maxLength ?? 1024;
const RESULT_MAX = ackMessageSchema.shape.result.unwrap().maxLength ?? 16 * 1024;

/** An error as an ack message: its words and its causes' (fetch's "fetch failed" says little). */
export const failureMessage = (error: unknown): string => {
  const words: string[] = [];
  for (let e: unknown = error; e !== undefined && words.length < 4;) {
    words.push(e instanceof Error ? e.message : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return words.join(': ').slice(0, MESSAGE_MAX);
};

/** What the server answers a completed upload with, and the ack message that says so. */
export interface UploadExpectation {
  answer: z.ZodType;
  uploaded: string;
}

/** The server's error answer, `{success: false, errors: [{message}]}`. */
const errorEnvelopeSchema = z.object({
  errors: z.array(z.object({ message: z.string() })).min(1),
});

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * What the upload's answer means for the ack: a 2xx with the expected answer completes the job
 * with that JSON as `result`; anything else fails it with the server's first error message, or
 * the HTTP status.
 */
export const uploadOutcome = (
  status: number,
  text: string,
  expected: UploadExpectation,
): CommandOutcome => {
  const json = parseJson(text);
  if (status >= 200 && status < 300) {
    const answer = expected.answer.safeParse(json);
    if (!answer.success) {
      return { status: 'failed', message: `Upload failed: unexpected answer (HTTP ${status})` };
    }
    const result = text.length <= RESULT_MAX ? text.trim() : JSON.stringify(answer.data);
    return { status: 'completed', message: expected.uploaded, result };
  }
  const envelope = errorEnvelopeSchema.safeParse(json);
  const message = envelope.success ? envelope.data.errors[0]?.message : undefined;
  return {
    status: 'failed',
    message: (message || `Upload failed: HTTP ${status}`).slice(0, MESSAGE_MAX),
  };
};

export interface UploadRequest {
  url: string;
  headers: Readonly<Record<string, string>>;
  body: Uint8Array;
}

/**
 * Acks `progress` (`uploading`, 0 of the body's size), PUTs the body to the signed link and acks
 * what the server answered; a link that cannot be reached or times out fails with why.
 */
export const uploadBytes = async (
  request: UploadRequest,
  expected: UploadExpectation,
  context: CommandContext,
): Promise<CommandOutcome> => {
  await context.progress(0, request.body.length, 'uploading');
  try {
    const response = await fetch(request.url, {
      method: 'PUT',
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
    return uploadOutcome(response.status, await response.text(), expected);
  } catch (error) {
    return {
      status: 'failed',
      message: failureMessage(new Error('Upload failed', { cause: error })),
    };
  }
};
