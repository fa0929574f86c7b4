import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { MailMessage, MailPort } from './port';

type Log = Pick<FastifyBaseLogger, 'info'>;

/**
 * Embedded default: mail is kept in the `mail_outbox` table (an administrator can read it) and
 * printed to the log, so password recovery works on a machine with no mail server.
 *
 * Printing the whole mail, reset code included, is this adapter's purpose: a newcomer who ran
 * `npm install && npm start` reads the code in the terminal and finishes a password reset without
 * SMTP. It is the one place a code may reach the log, so it has its own child logger (`outbox`) and
 * puts the text in the message, where redaction of fields named like secrets (reset codes, tokens,
 * hashes) elsewhere does not reach; mail/outbox.test.ts checks the code reaches the log through the
 * app's real logger. With SMTP_URL set the SMTP adapter is used instead, and it logs no mail text.
 */
export function createOutboxMail(db: Db, log?: Log): MailPort & { useLogger(parent: FastifyBaseLogger): void } {
  let outboxLog: Log | undefined = log;
  return {
    transport: 'outbox',
    useLogger(parent) {
      outboxLog = parent.child({ logger: 'outbox' });
    },
    async send(message: MailMessage) {
      await db.insert(mailOutbox).values({ ...message, transport: 'outbox', sentAt: new Date() });
      outboxLog?.info(`Mail to ${message.to} (outbox; set SMTP_URL to send mail)\nSubject: ${message.subject}\n\n${message.text}`);
    },
  };
}
