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
}

/** What sends mail: nodemailer's SMTP transport, or a stand-in that records messages (tests). */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
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

/**
 * Outgoing mail. Without SMTP_URL mail is only recorded in mail_logs (status 'logged'); with it,
 * nodemailer sends and the outcome is logged. The log never holds the mail's secrets, so a link
 * in a logged-only mail cannot be used by whoever reads the log.
 */
export const createMailService = ({ smtpUrl, transport: given, from, mailRepository }: Deps) => {
  const transport: MailTransport | null = given ?? (smtpUrl ? createTransport(smtpUrl) : null);
  return {
    /** True when the mail was handed over (or recorded, without SMTP). */
    async send(mail: Mail): Promise<boolean> {
      const secrets = mail.secrets ?? [];
      const record = {
        to: mail.to,
        subject: redactSecrets(mail.subject, secrets),
        body: redactSecrets(mail.text, secrets),
      };
      if (!transport) {
        await mailRepository.log({ ...record, status: 'logged' });
        return true;
      }
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        await mailRepository.log({ ...record, status: 'sent' });
        return true;
      } catch (error) {
        await mailRepository.log({
          ...record,
          status: 'failed',
          error: redactSecrets(String(error), secrets),
        });
        return false;
      }
    },
    close() {
      transport?.close();
    },
  };
};

export type MailService = ReturnType<typeof createMailService>;
