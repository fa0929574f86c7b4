/**
 * Every answer from outside (catalogue pages, model replies, reference images) is read through a cap:
 * a 200 MB reply must cost at most the cap in memory, not the reply. The declared Content-Length is
 * checked first (a liar is caught while reading), the body is read chunk by chunk and the read stops
 * (and the connection is dropped) the moment the total passes the cap.
 */

/** The outside answer was larger than this step accepts. */
export class ResponseTooLarge extends Error {
  constructor(
    readonly what: string,
    readonly maxBytes: number,
  ) {
    super(`${what} is over the ${maxBytes.toLocaleString('en-US')}-byte cap`);
    this.name = 'ResponseTooLarge';
  }
}

/** Reads a fetch Response's body into memory, at most `maxBytes`; throws ResponseTooLarge past it. */
export async function readCappedBytes(response: Response, maxBytes: number, what: string): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new ResponseTooLarge(what, maxBytes);
  }
  if (!response.body) return Buffer.alloc(0);
  return readCappedStream(response.body, maxBytes, what);
}

/** The body as UTF-8 text, capped like readCappedBytes. */
export async function readCappedText(response: Response, maxBytes: number, what: string): Promise<string> {
  return (await readCappedBytes(response, maxBytes, what)).toString('utf8');
}

/** Any stream of byte chunks (a web ReadableStream or a Node Readable), capped. */
export async function readCappedStream(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  maxBytes: number,
  what: string,
): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if ('getReader' in body) {
    const reader = body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      size += part.value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw new ResponseTooLarge(what, maxBytes);
      }
      chunks.push(part.value);
    }
    return Buffer.concat(chunks);
  }
  const iterator = body[Symbol.asyncIterator]();
  for (let part = await iterator.next(); !part.done; part = await iterator.next()) {
    size += part.value.byteLength;
    if (size > maxBytes) {
      await iterator.return?.();
      throw new ResponseTooLarge(what, maxBytes);
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks);
}
