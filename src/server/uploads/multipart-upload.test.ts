import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '@contract/common';
import { CORNER_SLOTS } from '@contract/corner-slots';
import type { TUserCard } from '@contract/user-cards';
import { createTestApp, json, signedInClient, type TestClient, type TestContext } from '../test/app';
import { MAX_UPLOAD_BYTES } from './sanitize-image';
import { UPLOADS_BUSY_MESSAGE, UPLOADS_PER_USER_MESSAGE } from './multipart-upload';

/** Photo uploads: malformed forms answer 4xx with a sentence, bytes go to temp files that never outlive the request, slots are capped. */
let ctx: TestContext;
let port: number;
let photo: Buffer;
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gv-upload-test-'));
const dataDir = `.tmp/test-data-uploads-${process.pid}`;
const B = 'gvtestboundary';

beforeAll(async () => {
  ctx = await createTestApp({
    RATE_LIMIT: 'false',
    DATA_DIR: dataDir,
    UPLOAD_DIR: uploadDir,
    UPLOAD_CONCURRENCY: '2',
    UPLOADS_PER_USER: '1',
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
  photo = await sharp({ create: { width: 320, height: 440, channels: 3, background: { r: 240, g: 200, b: 40 } } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const leftovers = () => fs.readdirSync(uploadDir);
const filePart = (name: string, data: Buffer | string) =>
  Buffer.concat([
    Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    Buffer.from(data),
    Buffer.from('\r\n'),
  ]);
const fieldPart = (name: string, value: string) =>
  Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
const end = Buffer.from(`--${B}--\r\n`);
const send = (client: TestClient, body: Buffer, contentType = `multipart/form-data; boundary=${B}`) =>
  client.request('POST', '/api/user-cards', body, { 'content-type': contentType });

describe('malformed forms', () => {
  it('answer 400 or 413 with a sentence, never 500, and leave no temp file', async () => {
    const { client } = await signedInClient(ctx);
    const cases: Array<[string, Buffer, number, RegExp, string?]> = [
      ['no boundary', Buffer.concat([fieldPart('cardId', 'base1-4'), end]), 400, /not a valid form/, 'multipart/form-data'],
      [
        'cut off mid-file',
        Buffer.concat([fieldPart('cardId', 'base1-4'), filePart('front', photo).subarray(0, 400)]),
        400,
        /cut off before it finished/,
      ],
      // The parser lets one field beyond the form's through, so an extra field is named, not just counted.
      [
        'too many fields',
        Buffer.concat([...['cardId', 'cardName', 'cardSet', 'cardNumber', 'rarity', 'notes'].map((f) => fieldPart(f, 'x')), end]),
        400,
        /Unexpected field "notes"/,
      ],
      [
        'too many files',
        Buffer.concat([
          ...['front', 'back', ...CORNER_SLOTS].map((f) => filePart(f, 'x')),
          ...Array.from({ length: 9 }, () => filePart('details', 'x')),
          end,
        ]),
        413,
        /Too many photos/,
      ],
      [
        'nine detail photos',
        Buffer.concat([...Array.from({ length: 9 }, () => filePart('details', 'x')), end]),
        400,
        /at most 8 file\(s\) in "details"/,
      ],
      [
        'an unknown text field',
        Buffer.concat([fieldPart('cardId', 'base1-4'), fieldPart('colour', 'red'), end]),
        400,
        /Unexpected field "colour"/,
      ],
      [
        'an unknown file field',
        Buffer.concat([fieldPart('cardId', 'base1-4'), filePart('selfie', photo), end]),
        400,
        /Unexpected file field "selfie"/,
      ],
      ['a prototype field name', Buffer.concat([fieldPart('constructor', 'x'), end]), 400, /field name that is not allowed/],
      ['a field sent twice', Buffer.concat([fieldPart('cardId', 'base1-4'), fieldPart('cardId', 'base1-5'), end]), 400, /once/],
      [
        'a photo over 25 MB',
        Buffer.concat([fieldPart('cardId', 'base1-4'), filePart('front', Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0xff)), end]),
        413,
        /larger than 25 MB/,
      ],
    ];
    for (const [name, body, status, message, contentType] of cases) {
      const res = await send(client, body, contentType);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(json(res).message, name).toMatch(message);
      expect(leftovers(), name).toEqual([]);
    }
    expect(json<TUserCard[]>(await client.get('/api/user-cards'))).toEqual([]);
  });

  it('a good form still adds the card and leaves no temp file', async () => {
    const { client } = await signedInClient(ctx);
    const res = await send(
      client,
      Buffer.concat([fieldPart('cardId', 'base1-4'), filePart('front', photo), filePart('back', photo), filePart('details', ''), end]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(leftovers()).toEqual([]);
  });
});

/** A real socket that has sent the headers and part of a photo, and waits. */
function openUpload(cookies: Record<string, string>) {
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/user-cards',
    headers: {
      'content-type': `multipart/form-data; boundary=${B}`,
      cookie: Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
      [CSRF_HEADER]: cookies[CSRF_COOKIE],
    },
  });
  const answered = new Promise<{ status: number; body: string } | 'aborted'>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', () => resolve('aborted'));
  });
  req.write(Buffer.concat([fieldPart('cardId', 'base1-4'), filePart('front', photo).subarray(0, 300)]));
  return { req, answered };
}

const until = async (what: () => boolean, label: string) => {
  for (let i = 0; i < 500 && !what(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(what(), label).toBe(true);
};
const writtenBytes = () =>
  leftovers().flatMap((d) => fs.readdirSync(path.join(uploadDir, d)).map((f) => fs.statSync(path.join(uploadDir, d, f)).size));

describe('slots and temp files', () => {
  it('streams a photo to a temp file as it arrives, caps uploads per user (429) and per process (503), and cleans up after a client that goes away', async () => {
    const alice = await signedInClient(ctx);
    const bob = await signedInClient(ctx);
    const carol = await signedInClient(ctx);

    const first = openUpload(alice.client.cookies);
    await until(() => ctx.app.uploads.active() === 1, 'the first upload holds a slot');
    // The bytes received so far are on disk, not in memory.
    await until(() => writtenBytes().some((n) => n > 0), 'the photo streams into a temp file');

    const again = await alice.client.postForm('/api/user-cards', new FormData());
    expect(again.statusCode).toBe(429);
    expect(json(again).message).toBe(UPLOADS_PER_USER_MESSAGE);
    expect(again.headers['retry-after']).toBe('30');
    // Test detection takes its photo through the same receiver, so the same slot.
    const check = await alice.client.postForm('/api/grading/test-detection', new FormData());
    expect([check.statusCode, json(check).message]).toEqual([429, UPLOADS_PER_USER_MESSAGE]);

    const second = openUpload(bob.client.cookies);
    await until(() => ctx.app.uploads.active() === 2, 'the second upload holds a slot');
    const full = await carol.client.postForm('/api/user-cards', new FormData());
    expect(full.statusCode).toBe(503);
    expect(json(full).message).toBe(UPLOADS_BUSY_MESSAGE);
    expect(full.headers['retry-after']).toBe('60');

    // Alice's connection drops mid-photo: her slot and her temp files go.
    first.req.destroy();
    expect(await first.answered).toBe('aborted');
    await until(() => ctx.app.uploads.active() === 1, "alice's slot is released");
    // Bob's form is cut short but his connection ends cleanly: 400, and nothing left behind.
    second.req.end();
    const answer = await second.answered;
    expect(answer).not.toBe('aborted');
    expect((answer as { status: number }).status).toBe(400);
    await until(() => ctx.app.uploads.active() === 0 && leftovers().length === 0, 'every slot and temp folder is gone');

    const ok = await carol.client.postForm(
      '/api/user-cards',
      (() => {
        const form = new FormData();
        form.append('cardId', 'base1-4');
        for (const k of ['front', 'back']) form.append(k, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `${k}.jpg`);
        return form;
      })(),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('rate limit', () => {
  it('adding cards is limited per user: the 31st within 10 minutes answers 429', async () => {
    const limited = await createTestApp({ DATA_DIR: dataDir, UPLOAD_DIR: uploadDir });
    try {
      const { client } = await signedInClient(limited);
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) codes.push((await client.post('/api/user-cards', { not: 'a form' })).statusCode);
      expect(codes.slice(0, 30).every((c) => c === 415)).toBe(true);
      expect(codes[30]).toBe(429);
      // Another collector is not affected.
      const other = await signedInClient(limited);
      expect((await other.client.post('/api/user-cards', { not: 'a form' })).statusCode).toBe(415);
    } finally {
      await limited.close();
    }
  });
});
