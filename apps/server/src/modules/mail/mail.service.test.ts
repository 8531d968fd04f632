import { describe, expect, it } from 'vitest';
import { createOutbox } from '@test/outbox';
import type { MailRepository, NewMailLog } from './mail.repository';
import { createMailService, type MailTransport, redactSecrets } from './mail.service';

const SECRET = 'tok+en/with=chars';

const setup = (transport?: MailTransport) => {
  const logged: NewMailLog[] = [];
  const mailRepository: MailRepository = {
    async log(values) {
      logged.push(values);
    },
  };
  const mail = createMailService({
    smtpUrl: undefined,
    ...(transport ? { transport } : {}),
    from: 'netfleet <no-reply@console.test>',
    mailRepository,
  });
  return { logged, mail };
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

  it('without SMTP only logs, still redacted', async () => {
    const { logged, mail } = setup();
    expect(await mail.send(message)).toBe(true);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.status).toBe('logged');
    expect(JSON.stringify(logged)).not.toContain(encodeURIComponent(SECRET));
    expect(JSON.stringify(logged)).not.toContain(SECRET);
  });

  it('logs a failed send with the error, redacted, and reports false', async () => {
    const { logged, mail } = setup({
      sendMail: () => Promise.reject(new Error(`550 rejected ${SECRET}`)),
      close() {},
    });
    expect(await mail.send(message)).toBe(false);
    expect(logged[0]).toMatchObject({ status: 'failed', error: 'Error: 550 rejected [redacted]' });
  });
});
