import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The product as `npm start` runs it (src/server/main.ts through tsx), in its own process, on loopback.
 * `root` is the checkout to run (a bench can point it at another revision); the web app is built first
 * when missing, as the first start would.
 */
export async function startMainServer(opts: {
  root?: string;
  env: Record<string, string>;
  port: number;
}): Promise<{ child: ChildProcess; base: string; pid: number }> {
  const root = path.resolve(opts.root ?? '.');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(opts.port), LOG_LEVEL: 'warn', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('GradeVault ready on')) resolve();
    });
    child.on('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}) before it was ready:\n${out.slice(-2000)}`)));
  });
  return { child, base: `http://127.0.0.1:${opts.port}`, pid: child.pid! };
}

/** Whether `root` has a built web app (the server builds it on its first start otherwise). */
export function hasWebBuild(root = '.'): boolean {
  return fs.existsSync(path.join(path.resolve(root), 'dist/web/index.html'));
}

/** Peak and current resident memory of a process, in MB, from /proc (Linux). */
export function memoryOf(pid: number): { peakMb: number; rssMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
}

/** A signed-in API client over fetch: registers a fresh account and keeps its cookies. */
export async function registeredClient(base: string, username: string) {
  const csrf = 'bench-csrf-token';
  let cookie = `csrf_token=${csrf}`;
  const headers = () => ({ cookie, 'x-csrf-token': csrf });
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { ...headers(), 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.test`, password: 'bench password 1234' }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const sid = /sid=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1];
  cookie += `; sid=${sid}`;
  return {
    headers,
    fetch: (url: string, init: RequestInit = {}) =>
      fetch(`${base}${url}`, { ...init, headers: { ...headers(), ...(init.headers as Record<string, string>) } }),
  };
}
