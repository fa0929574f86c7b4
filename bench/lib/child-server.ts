import { spawn, type ChildProcess } from 'node:child_process';

/** Starts a TypeScript entry in its own process and waits for it to print `READY <port>`. */
export async function startChild(
  entry: string,
  env: Record<string, string> = {},
): Promise<{ port: number; child: ChildProcess; extra: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /READY (\d+)(?: (.*))?\n/.exec(buf);
      if (m) resolve({ port: Number(m[1]), child, extra: m[2] ?? '' });
    });
    child.on('exit', (code) => reject(new Error(`${entry} exited with ${code}: ${buf}`)));
  });
}
