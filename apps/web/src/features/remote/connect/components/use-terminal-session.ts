import type { Terminal } from '@xterm/xterm';
import { useEffect, useEffectEvent, useState } from 'react';
import type { Credentials } from '../model/credentials';
import { openTerminalConnection } from '../model/terminal-connection';
import { relaySocketUrl } from '../paths';

export type TerminalStatus =
  { kind: 'connecting' } | { kind: 'ready' } | { kind: 'closed'; reason: string };

const DIM = '\x1b[2m';
const RED = '\x1b[31m';
const RESET = '\x1b[0m';

/**
 * Connects `term` to the session's terminal relay, again on each reconnect. An error before the
 * shell is ready (a refused password) goes to `onFailed` when there is one — the SSH screen
 * shows its form again; otherwise, and for any later end, the terminal shows why it ended.
 */
export function useTerminalSession(
  term: Terminal | null,
  sessionId: number,
  credentials: Credentials | undefined,
  onFailed: ((message: string) => void) | undefined,
) {
  const [status, setStatus] = useState<TerminalStatus>({ kind: 'connecting' });
  const [attempt, setAttempt] = useState(0);

  const ended = useEffectEvent((reason: string, colour: string, beforeReady: boolean) => {
    if (beforeReady && onFailed) {
      onFailed(reason);
      return;
    }
    term?.write(`\r\n${colour}${reason}${RESET}\r\n`);
    setStatus({ kind: 'closed', reason });
  });

  useEffect(() => {
    if (!term) return undefined;
    setStatus({ kind: 'connecting' });
    let ready = false;
    const connection = openTerminalConnection(
      relaySocketUrl(sessionId, 'terminal'),
      () => ({ type: 'start', cols: term.cols, rows: term.rows, ...credentials }),
      {
        output: (bytes) => term.write(bytes),
        ready: () => {
          ready = true;
          setStatus({ kind: 'ready' });
          term.focus();
        },
        error: (message) => ended(message, RED, !ready),
        closed: (reason) => ended(reason, DIM, false),
      },
    );
    const input = term.onData((data) => connection.send(data));
    const resize = term.onResize(({ cols, rows }) => connection.resize(cols, rows));
    return () => {
      input.dispose();
      resize.dispose();
      connection.close();
    };
  }, [term, sessionId, credentials, attempt]);

  return { status, reconnect: () => setAttempt((count) => count + 1) };
}
