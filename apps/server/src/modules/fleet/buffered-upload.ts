import type { FastifyRequest } from 'fastify';

/** A file part read whole: at most the size limit, and whether it went past it. */
export interface BufferedUpload {
  name: string;
  bytes: Buffer;
  truncated: boolean;
}

/**
 * A multipart body's fields and its first `fileField` part, read into memory: the route's
 * multipart limit bounds the file (the parser stops there and marks it truncated), so the service
 * checks the whole of it before anything reaches the disk. Other file parts are drained unread.
 */
export const readBufferedUpload = async (request: FastifyRequest, fileField: string) => {
  const fields: Record<string, string> = {};
  let upload: BufferedUpload | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
    } else if (part.fieldname === fileField && !upload) {
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      upload = {
        name: part.filename,
        bytes: Buffer.concat(chunks),
        truncated: part.file.truncated,
      };
    } else {
      part.file.resume();
    }
  }
  return { fields, upload };
};
