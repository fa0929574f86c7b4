import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { MailMessage, MailPort } from './port';

/**
 * Embedded default: mail is kept in the `mail_outbox` table (an administrator can read it) and
 * printed to the log, so password recovery works on a machine with no mail server.
 */
export function createOutboxMail(db: Db, log?: Pick<FastifyBaseLogger, 'info'>): MailPort {
  return {
    transport: 'outbox',
    async send(message: MailMessage) {
      await db.insert(mailOutbox).values({ ...message, transport: 'outbox', sentAt: new Date() });
      log?.info({ to: message.to, subject: message.subject }, `mail (outbox):\n${message.text}`);
    },
  };
}
