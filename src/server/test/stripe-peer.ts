/**
 * A loopback Stripe-protocol peer for the `stripe` adapter's tests: a node:http server answering the
 * calls the official SDK makes (form-encoded bodies, bearer key, Stripe-shaped JSON, list pagination
 * with has_more/starting_after, Stripe's error envelope), and a sender of events signed with
 * Stripe's own test-header helper. It holds its objects in memory; tests move their state.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

type Obj = Record<string, unknown>;
export const PEER_SECRET_KEY = 'sk_test_loopback_peer';
export const PEER_WEBHOOK_SECRET = 'whsec_loopback_peer_secret';

/** Stripe's form encoding (a[b][0][c]=v) back into flat key → value pairs. */
function parseForm(body: string): Map<string, string> {
  return new Map(new URLSearchParams(body).entries());
}
function nested(form: Map<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) if (k.startsWith(`${prefix}[`)) out[k.slice(prefix.length + 1, -1)] = v;
  return out;
}
const id = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export function stripeSubscription(
  over: {
    id?: string;
    status?: string;
    cancelAtPeriodEnd?: boolean;
    userId?: string;
    email?: string;
    amount?: number;
    start?: number;
  } = {},
): Obj {
  const start = over.start ?? now();
  return {
    id: over.id ?? id('sub'),
    object: 'subscription',
    status: over.status ?? 'active',
    cancel_at_period_end: over.cancelAtPeriodEnd ?? false,
    customer: { id: id('cus'), object: 'customer', email: over.email ?? null },
    metadata: over.userId ? { userId: over.userId, plan: 'Pro' } : { plan: 'Pro' },
    items: {
      object: 'list',
      data: [
        {
          id: id('si'),
          quantity: 1,
          current_period_start: start,
          current_period_end: start + 30 * 86_400,
          price: {
            id: id('price'),
            currency: 'usd',
            unit_amount: over.amount ?? 1999,
            recurring: { interval: 'month' },
            product: 'prod_test_pro',
          },
        },
      ],
    },
  };
}

export interface StripePeer {
  env: Record<string, string>;
  /** Every request the SDK made: method, path (with query) and the parsed form. */
  calls: { method: string; path: string; form: Map<string, string> }[];
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  /** A signed delivery, as Stripe would POST it (timestamp in seconds; defaults to now). */
  signedEvent(
    type: string,
    object: Obj,
    opts?: { timestamp?: number; eventId?: string; secret?: string },
  ): { payload: string; headers: Record<string, string>; eventId: string };
  close(): Promise<void>;
}

export async function startStripePeer(): Promise<StripePeer> {
  const calls: StripePeer['calls'] = [];
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://peer');
      const form = parseForm(req.method === 'GET' ? url.search.slice(1) : body);
      calls.push({ method: req.method ?? 'GET', path: url.pathname + url.search, form });
      const send = (status: number, obj: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(obj));
      };
      const missing = () =>
        send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: ${url.pathname}` } });
      if (req.headers.authorization !== `Bearer ${PEER_SECRET_KEY}`)
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });

      const parts = url.pathname.split('/').filter(Boolean); // v1, resource, id?, …
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const sessionId = id('cs');
        const session = {
          id: sessionId,
          object: 'checkout.session',
          mode: form.get('mode'),
          status: 'open',
          payment_status: 'unpaid',
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
          metadata: nested(form, 'metadata'),
          customer: form.get('customer') ?? null,
          customer_email: form.get('customer_email') ?? null,
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: form.get('line_items[0][price_data][currency]'),
          subscription: null,
          payment_intent: null,
        };
        sessions.set(sessionId, session);
        return send(200, session);
      }
      if (req.method === 'GET' && parts[1] === 'checkout' && parts[2] === 'sessions' && parts[3]) {
        const s = sessions.get(parts[3]);
        return s ? send(200, s) : missing();
      }
      if (parts[1] === 'subscriptions' && parts[2]) {
        const s = subscriptions.get(parts[2]);
        if (!s) return missing();
        if (req.method === 'DELETE') Object.assign(s, { status: 'canceled', canceled_at: now(), ended_at: now() });
        if (req.method === 'POST' && form.has('cancel_at_period_end')) s.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
        return send(200, s);
      }
      if (req.method === 'GET' && url.pathname === '/v1/subscriptions') {
        const limit = Number(url.searchParams.get('limit') ?? 10);
        const all = [...subscriptions.values()].sort((a, b) => String(a.id).localeCompare(String(b.id)));
        const after = url.searchParams.get('starting_after');
        const from = after ? all.findIndex((s) => s.id === after) + 1 : 0;
        const data = all.slice(from, from + limit);
        return send(200, { object: 'list', url: '/v1/subscriptions', has_more: from + limit < all.length, data });
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        return send(200, {
          id: id('bps'),
          object: 'billing_portal.session',
          customer: form.get('customer'),
          return_url: form.get('return_url'),
          url: `https://billing.stripe.test/p/session/${id('x')}`,
        });
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    env: { STRIPE_SECRET_KEY: PEER_SECRET_KEY, STRIPE_WEBHOOK_SECRET: PEER_WEBHOOK_SECRET, STRIPE_API_BASE: `http://127.0.0.1:${port}` },
    calls,
    sessions,
    subscriptions,
    signedEvent(type, object, opts = {}) {
      const eventId = opts.eventId ?? id('evt');
      const payload = JSON.stringify({ id: eventId, object: 'event', type, created: now(), livemode: false, data: { object } });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? PEER_WEBHOOK_SECRET,
        timestamp: opts.timestamp,
      });
      return { payload, eventId, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
