import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { MailMessage, MailPort } from './port';

/**
 * Real adapter: SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465).
 * Each message is also recorded in the outbox with its delivery result, for the operator.
 */
export function createSmtpMail(db: Db, smtpUrl: string, from: string): MailPort & { close(): void } {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(message: MailMessage) {
      let error: string | null = null;
      try {
        await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
      await db.insert(mailOutbox).values({ ...message, transport: 'smtp', sentAt: error ? null : new Date(), error });
      if (error) throw new Error(`SMTP delivery failed: ${error}`);
    },
    close: () => transporter.close(),
  };
}
