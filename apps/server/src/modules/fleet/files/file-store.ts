import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredFile {
  key: string;
  size: number;
  sha256: string;
}

/**
 * Uploaded files on disk under `dir` (DATA_DIR/files), named by a random key rather than the
 * user's file name, so no name can reach outside the folder. Size and SHA-256 are computed while
 * the upload streams through; nothing is held in memory.
 */
export const createFileStore = (dir: string) => {
  const pathOf = (key: string) => join(dir, key);
  return {
    async save(source: Readable): Promise<StoredFile> {
      await mkdir(dir, { recursive: true });
      const key = randomBytes(16).toString('hex');
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          hash.update(chunk);
          done(null, chunk);
        },
      });
      // A file part cut short is destroyed before anyone reads it, and a pipeline from a stream
      // already destroyed never settles (Node 20): the upload hung without an answer.
      if (source.destroyed) {
        throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
      }
      try {
        await pipeline(source, measure, createWriteStream(pathOf(key)));
      } catch (error) {
        await rm(pathOf(key), { force: true });
        throw error;
      }
      return { key, size, sha256: hash.digest('hex') };
    },

    read(key: string) {
      return createReadStream(pathOf(key));
    },

    async remove(key: string) {
      await rm(pathOf(key), { force: true });
    },
  };
};

export type FileStore = ReturnType<typeof createFileStore>;
