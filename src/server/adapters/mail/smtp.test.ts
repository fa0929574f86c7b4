import { afterAll, beforeAll, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { desc, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { openTestDatabase } from '../../test/db';
import { createSmtpMail } from './smtp';
import { createOutboxMail } from './outbox';

let database: Database;
let server: SMTPServer;
let port = 0;
const received: Array<{ from: string; to: string[]; data: string }> = [];

beforeAll(async () => {
  database = await openTestDatabase();
  // A real SMTP peer on loopback: the adapter speaks the protocol, nothing is mocked.
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
});

it('delivers through SMTP and records the delivery in the outbox', async () => {
  const mail = createSmtpMail(database.db, `smtp://127.0.0.1:${port}?ignoreTLS=true`, 'GradeVault <no-reply@test.local>');
  const to = `smtp_${Date.now()}@example.test`;
  await mail.send({ to, subject: 'Your code', text: 'Code 123456' });
  mail.close();
  expect(received.at(-1)).toMatchObject({ from: 'no-reply@test.local', to: [to] });
  expect(received.at(-1)!.data).toContain('Code 123456');
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  expect(row).toMatchObject({ transport: 'smtp', error: null });
  expect(row.sentAt).toBeInstanceOf(Date);
});

it('reports a failed delivery and keeps it in the outbox with the error', async () => {
  const mail = createSmtpMail(database.db, 'smtp://127.0.0.1:1?connectionTimeout=500', 'x@test.local');
  const to = `fail_${Date.now()}@example.test`;
  await expect(mail.send({ to, subject: 's', text: 't' })).rejects.toThrow(/SMTP delivery failed/);
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  expect(row.sentAt).toBeNull();
  expect(row.error).toBeTruthy();
});

it('the embedded outbox keeps the message for an administrator to read', async () => {
  const mail = createOutboxMail(database.db);
  const to = `outbox_${Date.now()}@example.test`;
  await mail.send({ to, subject: 'Hello', text: 'Body' });
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));
  expect(row).toMatchObject({ subject: 'Hello', text: 'Body', transport: 'outbox' });
});
