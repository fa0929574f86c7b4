/**
 * Receiving photo uploads without holding them in memory. Each file part streams straight into a temp
 * file under its own folder, counted as it flows (busboy stops a part at the byte cap; the count here
 * is the second wall), so a request costs a few 64 KB buffers however large its photos are. Uploads
 * take a slot per process and per user before a byte is read: a burst of maximum-size uploads waits
 * in the client's retry, not in this process's memory or on its disk. The folder is removed when the
 * caller's work is done, whether it succeeded, failed or the client went away.
 *
 * Used by every route that takes photos (add a card; replace a card's photos; test detection): one parser, one set of
 * limits and messages.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { invalid, tooLarge, tooMany, unavailable, unsupported } from '../domain-errors';
import { MAX_UPLOAD_BYTES } from './sanitize-image';

export interface UploadedFile {
  /** The form field it came in ("front", "details", …). */
  field: string;
  /** The temp file holding its bytes, exactly as sent; removed after the caller's work. */
  path: string;
  bytes: number;
}

export interface ReceivedUpload {
  /** Text fields, by name (each at most once). */
  fields: Record<string, string>;
  /** Non-empty files in the order they arrived (an empty file input sends an empty part: skipped). */
  files: UploadedFile[];
  /** The upload's own temp folder: the caller may write derived files (cleaned photos) here too. */
  dir: string;
}

/** What one form takes; anything else is refused with a 400 naming the field. */
export interface UploadForm {
  /** File fields and how many files each may carry. */
  files: Readonly<Record<string, number>>;
  /** Text fields it takes. */
  fields: readonly string[];
  /** Longest text field, in bytes. */
  maxFieldBytes?: number;
  /** The 400's sentence for a text field the form does not take (default: names the field). */
  unexpectedFieldMessage?: string;
}

export interface UploadReceiverOptions {
  /** Parent of the per-upload temp folders. */
  tmpDir?: string;
  /** Uploads received (and processed by the caller) at once in this process; more answer 503. */
  maxConcurrent: number;
  /** Uploads at once per user; more answer 429. */
  maxPerUser: number;
  /** Per file; defaults to the photo cap. */
  maxFileBytes?: number;
}

export const UPLOAD_CUT_OFF_MESSAGE = 'The upload was cut off before it finished. Check your connection and send it again.';
export const UPLOADS_BUSY_MESSAGE = 'The server is receiving many photos right now. Please try again in a minute.';
export const UPLOADS_PER_USER_MESSAGE = 'You are already uploading other cards. Wait until they finish, then try again.';

export function createUploadReceiver(opts: UploadReceiverOptions) {
  const tmpDir = opts.tmpDir ?? os.tmpdir();
  const maxFileBytes = opts.maxFileBytes ?? MAX_UPLOAD_BYTES;
  let active = 0;
  const perUser = new Map<string, number>();

  /** A slot for `userId`, or the 503/429 that says why not. Released by the function it returns. */
  function takeSlot(userId: string): () => void {
    if (active >= opts.maxConcurrent) throw unavailable(UPLOADS_BUSY_MESSAGE, 60); // Retry-After for clients that read it (the sentence says it too)
    const mine = perUser.get(userId) ?? 0;
    if (mine >= opts.maxPerUser) throw tooMany(UPLOADS_PER_USER_MESSAGE, 30);
    active += 1;
    perUser.set(userId, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      active -= 1;
      const left = (perUser.get(userId) ?? 1) - 1;
      if (left > 0) perUser.set(userId, left);
      else perUser.delete(userId);
    };
  }

  async function receiveInto(request: FastifyRequest, form: UploadForm, dir: string): Promise<ReceivedUpload> {
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    const perField = new Map<string, number>();
    const fileCount = Object.values(form.files).reduce((a, b) => a + b, 0);
    const parts = request.parts({
      // One text field more than the form takes, so an unexpected one reaches the check below and is named.
      limits: {
        fileSize: maxFileBytes,
        files: fileCount,
        fields: form.fields.length + 1,
        parts: fileCount + form.fields.length + 1,
        fieldSize: form.maxFieldBytes ?? 2000,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (!form.fields.includes(part.fieldname))
          throw invalid(form.unexpectedFieldMessage ?? `Unexpected field "${part.fieldname}".`, part.fieldname);
        if (Object.hasOwn(fields, part.fieldname)) throw invalid(`Send the field "${part.fieldname}" once.`, part.fieldname);
        if (part.valueTruncated) throw tooLarge(`The field "${part.fieldname}" is too long.`, part.fieldname);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const file = part;
      // Own properties only: a field named `toString` or `constructor` is not a photo slot.
      const allowed = Object.hasOwn(form.files, file.fieldname) ? form.files[file.fieldname] : undefined;
      if (allowed === undefined) throw invalid(`Unexpected file field "${file.fieldname}".`, file.fieldname);
      const count = (perField.get(file.fieldname) ?? 0) + 1;
      if (count > allowed) throw invalid(`Send at most ${allowed} file(s) in "${file.fieldname}".`, file.fieldname);
      perField.set(file.fieldname, count);
      const target = path.join(dir, `${files.length + 1}.upload`);
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (bytes > maxFileBytes)
            done(tooLarge('A photo is larger than 25 MB. Export it at a smaller size and try again.', file.fieldname));
          else done(null, chunk);
        },
      });
      // The parser destroys a part whose body ended early, possibly before it reaches us; a pipeline
      // from an already destroyed stream would wait forever.
      if (file.file.destroyed) throw invalid(UPLOAD_CUT_OFF_MESSAGE);
      await pipeline(file.file, counter, fs.createWriteStream(target, { flags: 'wx' }));
      // busboy stops a part at the cap and marks it truncated: the part is over the cap.
      if (file.file.truncated) throw tooLarge('A photo is larger than 25 MB. Export it at a smaller size and try again.', file.fieldname);
      if (bytes === 0) {
        await fsp.rm(target, { force: true });
        continue;
      }
      files.push({ field: file.fieldname, path: target, bytes });
    }
    return { fields, files, dir };
  }

  return {
    /**
     * Receives `request`'s multipart form into temp files for `userId`, runs `use` on it, and removes
     * the files afterwards on every path. 415 when it is not a form, 400/413 with a sentence for a bad
     * one (see http/multipart-errors.ts for the parser's own), 429/503 when no slot is free.
     */
    async receive<T>(request: FastifyRequest, userId: string, form: UploadForm, use: (upload: ReceivedUpload) => Promise<T>): Promise<T> {
      if (!request.isMultipart()) throw unsupported('Send the form with its photos as multipart/form-data.');
      const release = takeSlot(userId);
      let dir: string | undefined;
      try {
        dir = await fsp.mkdtemp(path.join(tmpDir, 'gv-upload-'));
        return await use(await receiveInto(request, form, dir));
      } finally {
        release();
        if (dir) await fsp.rm(dir, { recursive: true, force: true });
      }
    },
    /** Uploads in progress in this process (for tests and the health check). */
    active: () => active,
  };
}
export type UploadReceiver = ReturnType<typeof createUploadReceiver>;
