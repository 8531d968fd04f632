import { createWriteStream, renameSync, statSync, type WriteStream } from 'node:fs';

const KEEP_LINES = 200;
const MAX_FILE_BYTES = 1024 * 1024;

/** Lines that say the process is ending, not why. */
const EPILOGUE =
  /^(Exiting due to fatal error|SIGTERM|SIGINT|SIGHUP|SIGUSR1|Closing TUN|net_(addr|route|iface)_|Use --help|Options error: Please correct)/;
const PROBLEM = /error|fail|cannot|unable|denied|refused|invalid|in use|not found|no such/i;
/** OpenVPN echoes every management command; the supervisor's own polling is left out. */
const POLL_ECHO = /^MANAGEMENT: CMD '(status 3|state)'$/;
/** A line about one client (`1.2.3.4:5678 …`, `cn/1.2.3.4:5678 …`) never explains the hub's exit. */
const CLIENT_LINE = /^(\S+\/)?[\d.:a-f[\]]+:\d+ /i;

export interface HubLog {
  write(chunk: string): void;
  /** The line that best explains an exit: the last one naming a problem, else the last one. */
  lastMeaningful(): string | null;
  close(): void;
}

/**
 * A hub's OpenVPN output: the last lines in memory (for the reason of a failure) and all of it in
 * `<hub>/openvpn.log`, each line stamped, the file rotated to `.1` past 1 MiB so it stays bounded.
 */
export const createHubLog = (file: string, now: () => Date): HubLog => {
  const recent: string[] = [];
  let partial = '';
  let size = (() => {
    try {
      return statSync(file).size;
    } catch {
      return 0;
    }
  })();
  let stream: WriteStream = createWriteStream(file, { flags: 'a', mode: 0o600 });

  const rotate = () => {
    stream.end();
    renameSync(file, `${file}.1`);
    stream = createWriteStream(file, { flags: 'a', mode: 0o600 });
    size = 0;
  };

  return {
    write(chunk) {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      const stamp = now().toISOString();
      for (const raw of lines) {
        const line = raw.replace(/\r$/, '');
        if (!line || POLL_ECHO.test(line)) continue;
        recent.push(line);
        if (recent.length > KEEP_LINES) recent.shift();
        const text = `${stamp} ${line}\n`;
        stream.write(text);
        size += Buffer.byteLength(text);
        if (size > MAX_FILE_BYTES) rotate();
      }
    },
    lastMeaningful() {
      const candidates = recent.filter((line) => !EPILOGUE.test(line) && !CLIENT_LINE.test(line));
      return candidates.findLast((line) => PROBLEM.test(line)) ?? candidates.at(-1) ?? null;
    },
    close() {
      stream.end();
    },
  };
};
