// Browser terminals for the remote-access benchmark, in their own process (so the load generator
// does not share the server's event loop): `tsx terminal-load.ts '<options JSON>'`. Opens one
// terminal WebSocket per session as the console does (session cookie, the console's Origin, a
// `start` frame with the SSH login), waits for each shell prompt, then every terminal types one
// key every `typeEveryMs` for `typeForMs`: a letter, then DEL, so the line stays short. The shell
// echoes the letter, and `\b \b` for DEL; keystroke→echo is the time from the send to the echo.
// Prints progress lines and a final {"done": true, ...} line with the figures.
import WebSocket from 'ws';

const options = JSON.parse(process.argv[2] ?? '{}') as {
  base: string;
  cookie: string;
  sessionIds: number[];
  username: string;
  password: string;
  openConcurrency: number;
  typeEveryMs: number;
  typeForMs: number;
};

interface Terminal {
  ws: WebSocket;
  screen: string;
  /** Keys sent whose echo has not come yet: what to look for and when it was sent. */
  pending: { expect: string; sentAt: number }[];
  failed: string | null;
}

const latencies: number[] = [];
const openMs: number[] = [];
let echoes = 0;

const onScreen = (terminal: Terminal, text: string) => {
  terminal.screen += text;
  for (;;) {
    const next = terminal.pending[0];
    if (!next) break;
    const at = terminal.screen.indexOf(next.expect);
    if (at < 0) break;
    latencies.push(Math.round((performance.now() - next.sentAt) * 100) / 100);
    echoes += 1;
    terminal.pending.shift();
    terminal.screen = terminal.screen.slice(at + next.expect.length);
  }
  // Before typing starts the screen only needs its tail (the prompt).
  if (terminal.pending.length === 0 && terminal.screen.length > 4096) {
    terminal.screen = terminal.screen.slice(-256);
  }
};

const open = (sessionId: number): Promise<Terminal> =>
  new Promise((resolve) => {
    const started = performance.now();
    const ws = new WebSocket(
      `${options.base.replace(/^http/, 'ws')}/api/connect/sessions/${sessionId}/terminal`,
      { headers: { cookie: options.cookie, origin: options.base } },
    );
    const terminal: Terminal = { ws, screen: '', pending: [], failed: null };
    let ready = false;
    const fail = (reason: string) => {
      if (terminal.failed || ready) return;
      terminal.failed = reason;
      ws.terminate();
      resolve(terminal);
    };
    const timer = setTimeout(() => fail('no prompt within 60 s'), 60_000);
    ws.on('open', () =>
      ws.send(
        JSON.stringify({
          type: 'start',
          cols: 100,
          rows: 30,
          username: options.username,
          password: options.password,
        }),
      ),
    );
    ws.on('message', (data: Buffer, binary) => {
      if (!binary) {
        const message = JSON.parse(data.toString()) as { type: string; message?: string };
        if (message.type === 'error' || message.type === 'closed') {
          fail(`${message.type}: ${message.message ?? ''}`);
        }
        return;
      }
      onScreen(terminal, data.toString());
      if (!ready && terminal.screen.includes('# ')) {
        ready = true;
        clearTimeout(timer);
        openMs.push(performance.now() - started);
        terminal.screen = '';
        resolve(terminal);
      }
    });
    ws.on('unexpected-response', (_request, response) => fail(`upgrade ${response.statusCode}`));
    ws.on('error', (error) => fail(error.message));
    ws.on('close', () => fail('closed'));
  });

const terminals: Terminal[] = [];
const queue = [...options.sessionIds];
const openStarted = performance.now();
await Promise.all(
  Array.from({ length: options.openConcurrency }, async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      terminals.push(await open(id));
    }
  }),
);
const openSeconds = (performance.now() - openStarted) / 1000;
const live = terminals.filter((t) => !t.failed);
const failures = terminals.filter((t) => t.failed).map((t) => t.failed);
process.stdout.write(
  `${JSON.stringify({ opened: live.length, failed: failures.length, open_seconds: openSeconds })}\n`,
);

// Typing: each terminal on its own phase within the period, so the keys do not all leave at once.
let sent = 0;
const typingCpu = process.cpuUsage();
const typingStarted = performance.now();
await Promise.all(
  live.map(
    (terminal, index) =>
      new Promise<void>((resolve) => {
        let letter = true;
        const key = () => {
          if (performance.now() - typingStarted >= options.typeForMs) {
            clearInterval(timer);
            return resolve();
          }
          const [bytes, expect] = letter ? ['x', 'x'] : ['\x7f', '\b \b'];
          letter = !letter;
          terminal.pending.push({ expect, sentAt: performance.now() });
          terminal.ws.send(Buffer.from(bytes), { binary: true });
          sent += 1;
        };
        let timer: NodeJS.Timeout | undefined;
        setTimeout(
          () => {
            key();
            timer = setInterval(key, options.typeEveryMs);
          },
          (index * options.typeEveryMs) / live.length,
        );
      }),
  ),
);
// The last echoes.
const drainUntil = Date.now() + 5000;
while (live.some((t) => t.pending.length > 0) && Date.now() < drainUntil) {
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const typingSeconds = (performance.now() - typingStarted) / 1000;
const cpu = process.cpuUsage(typingCpu);
const missing = live.reduce((sum, t) => sum + t.pending.length, 0);
const closedEarly = live.filter((t) => t.ws.readyState !== WebSocket.OPEN).length;
for (const terminal of terminals) terminal.ws.close(1000);
await new Promise((resolve) => setTimeout(resolve, 500));

process.stdout.write(
  `${JSON.stringify({
    done: true,
    opened: live.length,
    failures: failures.slice(0, 5),
    failed: failures.length,
    open_seconds: openSeconds,
    open_ms: openMs,
    sent,
    echoes,
    missing,
    closed_early: closedEarly,
    typing_seconds: typingSeconds,
    typing_cpu_seconds: (cpu.user + cpu.system) / 1e6,
    latencies,
  })}\n`,
);
process.exit(0);
