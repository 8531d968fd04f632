import type { MailAttachment, MailTransport } from '@/modules/system/mail/mail.service';

export interface SentMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/** A mail transport that keeps what it is handed: the real mail, secrets included. */
export const createOutbox = () => {
  const messages: SentMail[] = [];
  const transport: MailTransport = {
    async sendMail(message) {
      messages.push(message);
    },
    close() {},
  };
  return {
    messages,
    transport,
    /** The token of the newest verification link sent to `to`. */
    verificationToken(to: string): string | undefined {
      const mail = messages.findLast((message) => message.to === to);
      return /verify-email\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    },
  };
};

export type Outbox = ReturnType<typeof createOutbox>;
