// A real SMTP server for the e2e tier: the console sends its mail here (SMTP_URL), and the specs
// read what arrived over a small HTTP endpoint (GET /messages?to=<address>), newest last.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

// Quoted-printable soft breaks and escapes, so links in the body can be read as written.
const decodeQuotedPrintable = (text) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

export const startE2eSmtpSink = async ({ smtpPort, httpPort }) => {
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject:[ \t]*(.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject,
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? messages.filter((message) => message.to.includes(to)) : messages;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(found));
  });
  await new Promise((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
  return {
    close: () => {
      http.close();
      smtp.close(() => {});
    },
  };
};
