import { createTransport } from 'nodemailer';
import type { MailRepository } from './mail.repository';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

interface Deps {
  smtpUrl: string | undefined;
  from: string;
  mailRepository: MailRepository;
}

/**
 * Outgoing mail. Without SMTP_URL mail is only recorded in mail_logs (status 'logged'), which is
 * what an evaluation install and the tests want; with it, nodemailer sends and the outcome is logged.
 */
export const createMailService = ({ smtpUrl, from, mailRepository }: Deps) => {
  const transport = smtpUrl ? createTransport(smtpUrl) : null;
  return {
    /** True when the mail was handed over (or recorded, without SMTP). */
    async send(mail: Mail): Promise<boolean> {
      const record = { to: mail.to, subject: mail.subject, body: mail.text };
      if (!transport) {
        await mailRepository.log({ ...record, status: 'logged' });
        return true;
      }
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        await mailRepository.log({ ...record, status: 'sent' });
        return true;
      } catch (error) {
        await mailRepository.log({ ...record, status: 'failed', error: String(error) });
        return false;
      }
    },
    close() {
      transport?.close();
    },
  };
};

export type MailService = ReturnType<typeof createMailService>;
