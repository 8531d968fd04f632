import { describe, expect, it } from 'vitest';
import { createOutbox } from '@test/outbox';
import type { MailRepository, NewMailLog, UnsentMail } from './mail.repository';
import {
  createMailService,
  type MailTransport,
  permanentRejection,
  redactSecrets,
  SUPPRESSED_MESSAGE,
} from './mail.service';

const SECRET = 'tok+en/with=chars';

const setup = (transport?: MailTransport) => {
  const logged: NewMailLog[] = [];
  const unsent: UnsentMail[] = [];
  const suppressed = new Map<string, string>();
  const mailRepository: MailRepository = {
    async log(values) {
      logged.push(values);
    },
    async keepUnsent(values, mail) {
      logged.push(values);
      unsent.push(mail);
    },
    async isSuppressed(email) {
      return suppressed.has(email.toLowerCase());
    },
    async suppress(email, reason) {
      if (!suppressed.has(email.toLowerCase())) suppressed.set(email.toLowerCase(), reason);
    },
  };
  const mail = createMailService({
    smtpUrl: undefined,
    ...(transport ? { transport } : {}),
    from: 'netfleet <no-reply@console.test>',
    mailRepository,
  });
  return { logged, unsent, suppressed, mail };
};

const message = {
  to: 'ann@example.test',
  subject: `Reset ${SECRET}`,
  text: `Open http://console.test/reset?token=${encodeURIComponent(SECRET)} or paste ${SECRET}`,
  secrets: [SECRET],
};

describe('mail service', () => {
  it('redacts secrets, raw and URL-encoded, and leaves other text alone', () => {
    expect(redactSecrets(message.text, [SECRET, ''])).toBe(
      'Open http://console.test/reset?token=[redacted] or paste [redacted]',
    );
    expect(redactSecrets('nothing to hide', [])).toBe('nothing to hide');
  });

  it('hands the transport the real mail and logs a redacted copy', async () => {
    const outbox = createOutbox();
    const { logged, mail } = setup(outbox.transport);
    expect(await mail.send(message)).toBe(true);
    expect(outbox.messages).toEqual([
      {
        from: 'netfleet <no-reply@console.test>',
        to: message.to,
        subject: message.subject,
        text: message.text,
      },
    ]);
    expect(logged).toEqual([
      {
        to: message.to,
        subject: 'Reset [redacted]',
        body: 'Open http://console.test/reset?token=[redacted] or paste [redacted]',
        status: 'sent',
      },
    ]);
  });

  it('without SMTP logs redacted and keeps the whole mail for the outbox', async () => {
    const { logged, unsent, mail } = setup();
    expect(await mail.deliver(message)).toEqual({ ok: true, outbox: true });
    expect(logged).toHaveLength(1);
    expect(logged[0]?.status).toBe('logged');
    expect(JSON.stringify(logged)).not.toContain(encodeURIComponent(SECRET));
    expect(JSON.stringify(logged)).not.toContain(SECRET);
    expect(unsent).toEqual([{ subject: message.subject, body: message.text }]);
  });

  it('with SMTP keeps nothing for the outbox and says the mail went', async () => {
    const { unsent, mail } = setup(createOutbox().transport);
    expect(await mail.deliver(message)).toEqual({ ok: true });
    expect(unsent).toEqual([]);
  });

  it('logs a failed send with the error, redacted, and reports false', async () => {
    const { logged, mail } = setup({
      sendMail: () => Promise.reject(new Error(`550 rejected ${SECRET}`)),
      close() {},
    });
    expect(await mail.send(message)).toBe(false);
    expect(logged[0]).toMatchObject({ status: 'failed', error: 'Error: 550 rejected [redacted]' });
  });

  it('sends nothing to a suppressed address and logs why', async () => {
    const outbox = createOutbox();
    const { logged, suppressed, mail } = setup(outbox.transport);
    suppressed.set('ann@example.test', '550 no such user');
    expect(await mail.deliver({ ...message, to: 'ANN@example.test' })).toEqual({
      ok: false,
      error: SUPPRESSED_MESSAGE,
    });
    expect(outbox.messages).toEqual([]);
    expect(logged).toMatchObject([
      { status: 'failed', error: 'Address is on the suppression list' },
    ]);
  });

  it('suppresses the address after a permanent RCPT rejection only', async () => {
    const reject = (error: object): MailTransport => ({
      sendMail: () => Promise.reject(Object.assign(new Error('Recipient command failed'), error)),
      close() {},
    });
    const temporary = setup(
      reject({ command: 'RCPT TO', responseCode: 450, response: '450 busy' }),
    );
    await temporary.mail.send(message);
    expect(temporary.suppressed.size).toBe(0);

    const dataRefused = setup(reject({ command: 'DATA', responseCode: 554, response: '554 spam' }));
    await dataRefused.mail.send(message);
    expect(dataRefused.suppressed.size).toBe(0);

    const permanent = setup(
      reject({ command: 'RCPT TO', responseCode: 550, response: '550 5.1.1 unknown user' }),
    );
    expect(await permanent.mail.send(message)).toBe(false);
    expect([...permanent.suppressed]).toEqual([['ann@example.test', '550 5.1.1 unknown user']]);
  });

  it('does not suppress what another route (a company server) refused', async () => {
    const { suppressed, logged, mail } = setup();
    const refusing: MailTransport = {
      sendMail: () =>
        Promise.reject(
          Object.assign(new Error('Relay denied'), {
            command: 'RCPT TO',
            responseCode: 554,
            response: '554 5.7.1 Relay access denied',
          }),
        ),
      close() {},
    };
    const result = await mail.deliver(message, { transport: refusing, from: 'ops@acme.test' });
    expect(result).toEqual({ ok: false, error: 'Relay denied' });
    expect(suppressed.size).toBe(0);
    expect(logged[0]).toMatchObject({ status: 'failed' });
  });

  it('reads a rejection out of the per-recipient errors', () => {
    const rejected = { command: 'RCPT TO', responseCode: 550, response: '550 gone' };
    expect(permanentRejection({ code: 'EENVELOPE', rejectedErrors: [rejected] })).toBe('550 gone');
    expect(permanentRejection({ command: 'RCPT TO', responseCode: 503 })).toBeNull();
    expect(permanentRejection('550')).toBeNull();
  });
});
