export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** The mail port: the outbox table by default, SMTP when SMTP_URL is set. */
export interface MailPort {
  readonly transport: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  /** Given the app's logger once it exists; the embedded outbox prints each mail there. */
  useLogger?(log: import('fastify').FastifyBaseLogger): void;
}
