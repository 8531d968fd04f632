import { createTransport } from 'nodemailer';
import type { MailRepository } from './mail.repository';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /**
   * Live secrets in the text (verification or reset tokens). The recipient gets them; the mail
   * log, which administrators read, gets `[redacted]` in their place.
   */
  secrets?: readonly string[];
  /** Files sent along (a generated report's PDF); the mail log names them, without content. */
  attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** What sends mail: nodemailer's SMTP transport, or a stand-in that records messages (tests). */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    attachments?: MailAttachment[];
  }): Promise<unknown>;
  close(): void;
}

interface Deps {
  smtpUrl: string | undefined;
  /** Replaces the SMTP transport SMTP_URL would create. */
  transport?: MailTransport;
  from: string;
  mailRepository: MailRepository;
}

export const REDACTED = '[redacted]';

/** Every secret, as written and URL-encoded (links carry it encoded), replaced. */
export const redactSecrets = (text: string, secrets: readonly string[]): string =>
  secrets
    .filter((secret) => secret.length > 0)
    .reduce(
      (out, secret) =>
        out.replaceAll(secret, REDACTED).replaceAll(encodeURIComponent(secret), REDACTED),
      text,
    );

export const SUPPRESSED_MESSAGE = 'Address is on the suppression list';

/**
 * The server's reply when it refused the recipient for good (5xx to RCPT TO, as nodemailer
 * reports it), else null. 503 is a broken command sequence, not a verdict on the address.
 */
export const permanentRejection = (error: unknown): string | null => {
  if (typeof error !== 'object' || error === null) return null;
  const { command, responseCode, response, message, rejectedErrors } = error as {
    command?: unknown;
    responseCode?: unknown;
    response?: unknown;
    message?: unknown;
    rejectedErrors?: unknown;
  };
  if (
    command === 'RCPT TO' &&
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    responseCode !== 503
  ) {
    return typeof response === 'string' ? response : String(message);
  }
  if (Array.isArray(rejectedErrors)) {
    for (const rejected of rejectedErrors) {
      const reply = permanentRejection(rejected);
      if (reply !== null) return reply;
    }
  }
  return null;
};

/**
 * `outbox`: nothing was sent because no SMTP server is configured; the mail waits in full in the
 * super admins' outbox, and a caller holding its link may hand that on instead.
 */
export type Delivery = { ok: true; outbox?: true } | { ok: false; error: string };

/** Another server than SMTP_URL's, e.g. a company's own (email configurations). */
export interface MailRoute {
  transport: MailTransport;
  from: string;
}

/**
 * Outgoing mail. Without SMTP_URL mail is only recorded (status 'logged'); with it, nodemailer
 * sends and the outcome is logged. The log never holds the mail's secrets, so a link in a mail
 * cannot be used by whoever reads the log; unsent mail is also kept whole in the outbox, which
 * only super admins read, so an installation without SMTP can still invite and verify people.
 * Addresses on the suppression list get nothing; a permanent rejection of the recipient by our
 * server puts it there.
 */
export const createMailService = ({ smtpUrl, transport: given, from, mailRepository }: Deps) => {
  const transport: MailTransport | null = given ?? (smtpUrl ? createTransport(smtpUrl) : null);

  const deliver = async (mail: Mail, route?: MailRoute): Promise<Delivery> => {
    const secrets = mail.secrets ?? [];
    const attached = (mail.attachments ?? []).map((file) => `[attached: ${file.filename}]`);
    const body = [mail.text, ...attached].join('\n');
    const record = {
      to: mail.to,
      subject: redactSecrets(mail.subject, secrets),
      body: redactSecrets(body, secrets),
    };
    if (await mailRepository.isSuppressed(mail.to)) {
      await mailRepository.log({ ...record, status: 'failed', error: SUPPRESSED_MESSAGE });
      return { ok: false, error: SUPPRESSED_MESSAGE };
    }
    const via = route ?? (transport ? { transport, from } : null);
    if (!via) {
      await mailRepository.keepUnsent(
        { ...record, status: 'logged' },
        { subject: mail.subject, body },
      );
      return { ok: true, outbox: true };
    }
    try {
      await via.transport.sendMail({
        from: via.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.attachments?.length ? { attachments: [...mail.attachments] } : {}),
      });
      await mailRepository.log({ ...record, status: 'sent' });
      return { ok: true };
    } catch (error) {
      const reason = redactSecrets(String(error), secrets);
      await mailRepository.log({ ...record, status: 'failed', error: reason });
      // A company's own server refusing an address says more about its settings than about the
      // address, so only our server's verdicts suppress.
      const rejection = route ? null : permanentRejection(error);
      if (rejection !== null) await mailRepository.suppress(mail.to, rejection);
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, error: redactSecrets(message, secrets) };
    }
  };

  return {
    deliver,
    /** True when the mail was handed over (or recorded, without SMTP). */
    async send(mail: Mail): Promise<boolean> {
      return (await deliver(mail)).ok;
    },
    close() {
      transport?.close();
    },
  };
};

export type MailService = ReturnType<typeof createMailService>;
