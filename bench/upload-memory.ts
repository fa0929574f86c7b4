/**
 * Memory of the real server (src/server/main.ts, as `npm start` runs it) while it receives
 * BENCH_UPLOADS (10) simultaneous add-card uploads from as many collectors, each carrying BENCH_PHOTOS
 * (4; up to 18 = front, back, 8 corners, 8 details) photos at the caps: just under 25 MB and 40 MP
 * (incompressible noise, so the file is as large as the pixel cap allows). A refused upload (503 server
 * busy, 429) is sent again after a second, as a client would; every upload ends stored (201).
 * Prints the server's peak resident memory (VmHWM) after start-up and after the uploads.
 *   npm run bench:upload-memory
 *   BENCH_ROOT=/path/to/other/checkout npm run bench:upload-memory   # the same load on another revision
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { CORNER_SLOTS } from '../src/contract/corner-slots';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS } from '../src/server/uploads/sanitize-image';
import { hasWebBuild, memoryOf, registeredClient, startMainServer } from './lib/main-server';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 10);
const PHOTOS = Math.min(18, Number(process.env.BENCH_PHOTOS ?? 4));
const ROOT = path.resolve(process.env.BENCH_ROOT ?? '.');
const SLOTS = ['front', 'back', ...CORNER_SLOTS, ...Array(8).fill('details')];

/** Noise at 4:3 just under the pixel cap, at the best JPEG quality that stays under the byte cap. */
async function maximumPhoto(): Promise<Buffer> {
  const file = '.tmp/bench-upload/max.jpg';
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const width = Math.floor(Math.sqrt((MAX_UPLOAD_PIXELS * 4) / 3)) - 8;
  const height = Math.floor((MAX_UPLOAD_PIXELS - 1) / width);
  const raw = Buffer.alloc(width * height * 3);
  let x = 12345;
  for (let i = 0; i < raw.length; i++) raw[i] = ((x = (x * 1103515245 + 12345) >>> 0) >>> 16) & 0xff;
  for (let quality = 84; quality > 40; quality -= 2) {
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= MAX_UPLOAD_BYTES - 4096) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, jpeg);
      return jpeg;
    }
  }
  throw new Error('could not make a photo under the byte cap');
}

const photo = await maximumPhoto();
const meta = await sharp(photo).metadata();
if (!hasWebBuild(ROOT)) execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-web.ts'], { cwd: ROOT, stdio: 'inherit' });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gv-bench-upload-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const server = await startMainServer({ root: ROOT, port, env: { DATA_DIR: dataDir, DEMO: 'false', RATE_LIMIT: 'false', ROLE: 'web' } });
try {
  const clients = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => registeredClient(server.base, `upload_${process.pid}_${i}`)));
  const idle = memoryOf(server.pid);
  let peakSampled = idle.rssMb;
  const sampler = setInterval(() => (peakSampled = Math.max(peakSampled, memoryOf(server.pid).rssMb)), 50);
  const answers: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      for (;;) {
        const form = new FormData();
        form.append('cardName', 'Charizard');
        for (const slot of SLOTS.slice(0, PHOTOS))
          form.append(slot, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `${slot}.jpg`);
        const res = await client.fetch('/api/user-cards', { method: 'POST', body: form });
        answers.push(res.status);
        const text = await res.text();
        if (res.status === 201) return;
        if (res.status !== 503 && res.status !== 429) throw new Error(`upload: ${res.status} ${text}`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const after = memoryOf(server.pid);
  const count = (s: number) => answers.filter((a) => a === s).length;
  console.log(
    `\nUpload memory: ${UPLOADS} simultaneous add-card uploads × ${PHOTOS} photos of ${(photo.length / 1048576).toFixed(1)} MB, ${meta.width}×${meta.height} (${((meta.width * meta.height) / 1e6).toFixed(1)} MP)`,
  );
  console.log(`  server ${ROOT}`);
  console.log(
    `  ${((UPLOADS * PHOTOS * photo.length) / 1048576).toFixed(0)} MB sent in ${seconds.toFixed(1)} s; answers: ${count(201)} × 201, ${count(503)} × 503 (busy, sent again), ${count(429)} × 429`,
  );
  console.log(
    `  resident memory: ${idle.rssMb.toFixed(0)} MB idle (start-up peak ${idle.peakMb.toFixed(0)} MB) → peak during the uploads ${peakSampled.toFixed(0)} MB (sampled every 50 ms; process VmHWM ${after.peakMb.toFixed(0)} MB), ${after.rssMb.toFixed(0)} MB after`,
  );
} finally {
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
