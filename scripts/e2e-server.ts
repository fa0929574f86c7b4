/**
 * The server the browser tests run against: the production build (dist/server with plain `node`,
 * dist/web), built first if it is missing or older than the sources, so the tests try what ships;
 * and a fresh embedded database (or the PostgreSQL of DATABASE_URL), with demo accounts on a known
 * password.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { SMTPServer } from 'smtp-server';

const dataDir = path.resolve('.tmp/e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });
// The same build `npm start` makes, under the same lock (scripts/build-once.mjs).
if (spawnSync(process.execPath, ['scripts/build-once.mjs'], { stdio: 'inherit' }).status !== 0) process.exit(1);

// Password-reset mails go over real SMTP to this loopback server, which files them under
// .tmp/e2e-mail/<recipient>.eml so the browser tests can read the code like a person would.
export const MAIL_DIR = path.resolve('.tmp/e2e-mail');
fs.rmSync(MAIL_DIR, { recursive: true, force: true });
fs.mkdirSync(MAIL_DIR, { recursive: true });
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      for (const to of session.envelope.rcptTo)
        fs.appendFileSync(path.join(MAIL_DIR, `${to.address.toLowerCase()}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as { port: number }).port;
const child = spawn(process.execPath, ['dist/server/main.mjs'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DEMO: 'true',
    DEMO_PASSWORD: process.env.E2E_DEMO_PASSWORD ?? 'e2e-demo-password',
    RATE_LIMIT: 'false',
    LOG_LEVEL: 'warn',
    // Test-only: lets the browser tests move the built-in payment provider's clock past a period end.
    PAYMENTS_TEST_CLOCK: 'true',
    // (the web build above sets NODE_ENV=production in this process; the server under test is not production)
    NODE_ENV: 'test',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
  },
});
const stop = () => {
  child.kill('SIGTERM');
  smtp.close();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  smtp.close();
  process.exit(code ?? 0);
});
