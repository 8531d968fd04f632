import { once } from 'node:events';
import { createConnection } from 'node:net';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { adminSocketPath } from '@/modules/system/backup/admin-socket';
import { CliError } from './cli-error';

/** Asks the server running on DATA_DIR for a backup and streams its archive into `out`. */
export const backupThroughServer = async (dataDir: string, pid: number, out: Writable) => {
  const path = adminSocketPath(dataDir);
  const socket = createConnection(path);
  try {
    await once(socket, 'connect');
  } catch (error) {
    socket.destroy();
    throw new CliError(
      `netfleet runs on DATA_DIR=${dataDir} (pid ${pid}) but does not answer on ${path} (${(error as Error).message}): restart it with this netfleet version, or stop it and run netfleet backup again.`,
    );
  }
  socket.write('backup\n');
  async function* archive(): AsyncGenerator<Buffer> {
    let head: Buffer = Buffer.alloc(0);
    let answered = false;
    for await (const chunk of socket as AsyncIterable<Buffer>) {
      if (answered) {
        yield chunk;
        continue;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(0x0a);
      if (end === -1) continue;
      const answer = head.subarray(0, end).toString('utf8');
      if (answer !== 'ok') throw new CliError(`The running server refused the backup: ${answer}`);
      answered = true;
      if (end + 1 < head.length) yield head.subarray(end + 1);
    }
    if (!answered) throw new CliError('The running server closed the connection without a backup.');
  }
  try {
    await pipeline(Readable.from(archive()), out);
  } finally {
    socket.destroy();
  }
};
