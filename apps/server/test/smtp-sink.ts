import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope sender and recipients, as the client gave them in MAIL FROM / RCPT TO. */
  from: string;
  recipients: string[];
  /** Who logged in (AUTH), when the client did. */
  user: string | undefined;
  raw: string;
  subject: string;
  to: string;
  /** The body, quoted-printable decoded. */
  text: string;
}

const header = (head: string, name: string): string => {
  // Folded header lines continue with white space.
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(unfolded);
  return match?.[1]?.trim() ?? '';
};

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`), as nodemailer writes non-ASCII subjects. */
const decodeWords = (value: string): string =>
  value.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_all, _charset, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replaceAll('_', ' ')),
  );

const decodeQuotedPrintable = (value: string): string =>
  Buffer.from(
    value
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const parse = (raw: string) => {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const encoding = header(head, 'Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return {
    subject: decodeWords(header(head, 'Subject')),
    to: header(head, 'To'),
    text: text.replace(/\r\n/g, '\n').replace(/\n$/, ''),
  };
};

export interface SmtpSinkOptions {
  /** Recipients refused with `550 5.1.1` at RCPT TO (a permanent rejection). */
  reject?: string[];
  /** When set, AUTH must use these credentials (else 535). */
  credentials?: { username: string; password: string };
}

/**
 * A real SMTP server on 127.0.0.1 (random port) that keeps every message it accepts. Plain text
 * only: STARTTLS is disabled, so clients send (and authenticate) without TLS.
 */
export const startSmtpSink = async (options: SmtpSinkOptions = {}) => {
  const messages: ReceivedMail[] = [];
  /** Every RCPT TO address, accepted or not: what the client tried to send to. */
  const tried: string[] = [];
  const rejected = new Set((options.reject ?? []).map((address) => address.toLowerCase()));
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      const expected = options.credentials;
      if (
        expected &&
        (auth.username !== expected.username || auth.password !== expected.password)
      ) {
        callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
        return;
      }
      callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      tried.push(address.address);
      if (rejected.has(address.address.toLowerCase())) {
        callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { mailFrom, rcptTo } = session.envelope;
        messages.push({
          from: mailFrom ? mailFrom.address : '',
          recipients: rcptTo.map((address) => address.address),
          user: session.user,
          raw,
          ...parse(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    messages,
    tried,
    port,
    url: `smtp://127.0.0.1:${port}`,
    /** The newest message to `to` (envelope recipient). */
    last(to: string): ReceivedMail | undefined {
      return messages.findLast((message) => message.recipients.includes(to));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
