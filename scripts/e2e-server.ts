/**
 * The server the browser tests run against: a fresh build of the web app and a fresh embedded
 * database (or the PostgreSQL of DATABASE_URL), with demo accounts on a known password.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { buildWeb } from './build-web';

const dataDir = path.resolve('.tmp/e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });
await buildWeb();
const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DEMO: 'true',
    DEMO_PASSWORD: process.env.E2E_DEMO_PASSWORD ?? 'e2e-demo-password',
    RATE_LIMIT: 'false',
    LOG_LEVEL: 'warn',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
