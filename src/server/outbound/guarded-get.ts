/**
 * A GET for a URL that outside data chose (the catalogue's image URLs), so it must not become a way
 * into our own network (SSRF). Each hop of the request:
 * - the scheme must be one the caller allows (https in production) and the host on the allow-list;
 * - the host is resolved once, every address it resolves to must be public (addresses.ts), and the
 *   socket connects to the address that was checked: the check and the connection share one lookup,
 *   so a DNS answer that changes between them (rebinding) changes nothing;
 * - a redirect is followed by hand (at most `maxRedirects`), its target checked like the first URL.
 * The body is capped while it streams (capped.ts) and the whole exchange has one timeout.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './addresses';
import { readCappedStream } from './capped';

/** The URL, or an address it leads to, is not one the server fetches from. */
export class OutboundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

export type GuardedGetOptions = {
  /** Host names (lower case) the request may go to; a redirect elsewhere is refused. */
  allowedHosts: readonly string[];
  /** `['https:']` unless a test serves plain HTTP on loopback. */
  protocols?: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  /** Tests only: which addresses count as public (a loopback peer stands in for the internet). */
  isAllowedAddress?: (address: string) => boolean;
  /** Tests only: the resolver (defaults to the system's, dns.lookup). */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
};

const systemResolve = (host: string) => dns.promises.lookup(host, { all: true, verbatim: true });

export type GuardedResponse = { status: number; contentType: string | undefined; body: Buffer };

export async function guardedGet(url: string, options: GuardedGetOptions): Promise<GuardedResponse> {
  const { allowedHosts, protocols = ['https:'], maxBytes, timeoutMs, maxRedirects = 3 } = options;
  const allowed = options.isAllowedAddress ?? isPublicAddress;
  const resolve = options.resolve ?? systemResolve;
  const signal = AbortSignal.timeout(timeoutMs);
  let current = url;
  for (let hop = 0; ; hop++) {
    let target: URL;
    try {
      target = new URL(current);
    } catch {
      throw new OutboundRefused('not a URL');
    }
    if (!protocols.includes(target.protocol)) throw new OutboundRefused(`scheme ${target.protocol} is not allowed`);
    if (target.username || target.password) throw new OutboundRefused('credentials in the URL are not allowed');
    const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (!allowedHosts.includes(host)) throw new OutboundRefused(`host ${host} is not on the image host allow-list`);
    // One lookup, checked whole: every address must be public, and the connection uses these.
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
    if (addresses.length === 0) throw new OutboundRefused(`host ${host} has no address`);
    const bad = addresses.find((a) => !allowed(a.address));
    if (bad) throw new OutboundRefused(`host ${host} resolves to a non-public address`);
    const pinned: LookupFunction = (_hostname, opts, callback) => {
      if (opts.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    };
    const response = await request(target, pinned, options.headers ?? {}, signal);
    const location = response.headers.location;
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
      response.resume();
      if (hop >= maxRedirects) throw new OutboundRefused(`more than ${maxRedirects} redirects`);
      current = new URL(location, target).toString();
      continue;
    }
    const body = await readCappedStream(response, maxBytes, 'the image');
    return { status: response.statusCode ?? 0, contentType: response.headers['content-type'], body };
  }
}

function request(url: URL, lookup: LookupFunction, headers: Record<string, string>, signal: AbortSignal) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(url, { lookup, headers, signal, agent: false }, resolve);
    req.on('error', reject);
  });
}
