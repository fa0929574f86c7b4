/**
 * POST /api/payments/webhook under load: signed checkout.session.completed deliveries per second at
 * 50 concurrent connections against a real server on loopback (signature check, event-id insert,
 * order completion and credit grant in one transaction), p99 latency, and the books afterwards:
 * every order is delivered DUPLICATES times (the same event id, as Stripe retries it), and the
 * credits granted must equal the orders' credits exactly — none lost, none doubled.
 *   npm run bench:webhooks       (BENCH_ORDERS=…, BENCH_USERS=…, DUPLICATES=…, DATABASE_URL=… to vary)
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Stripe from 'stripe';
import { startChild } from './lib/child-server';

const DUPLICATES = Number(process.env.DUPLICATES ?? 2);
const secret = `whsec_${randomBytes(16).toString('hex')}`;
const server = await startChild('bench/webhooks-server.ts', { BENCH_WEBHOOK_SECRET: secret });
const base = `http://127.0.0.1:${server.port}`;
const made = (await (await fetch(`${base}/bench/orders`)).json()) as { id: string; userId: string; credits: number; sessionId: string }[];

// One signed delivery per (order, copy); copies of an order are spread apart so they race other work.
const deliveries: { body: string; headers: Record<string, string> }[] = [];
const events = made.map((o) => {
  const payload = JSON.stringify({
    id: `evt_bench_${o.sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: o.sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        metadata: { orderId: o.id, userId: o.userId },
        payment_intent: `pi_${o.sessionId}`,
        customer: null,
      },
    },
  });
  return payload;
});
for (let copy = 0; copy < DUPLICATES; copy++)
  for (const payload of events)
    deliveries.push({
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    });

let next = 0;
const started = Date.now();
const r = await autocannon({
  url: `${base}/api/payments/webhook`,
  connections: 50,
  amount: deliveries.length,
  requests: [
    {
      method: 'POST',
      setupRequest: (req) => {
        const d = deliveries[next++ % deliveries.length];
        return { ...req, body: d.body, headers: d.headers };
      },
    },
  ],
});
const seconds = (Date.now() - started) / 1000;
const totals = (await (await fetch(`${base}/bench/totals`)).json()) as { credits: number; ledger: number; completed: number };
server.child.kill();

const expected = made.reduce((s, o) => s + o.credits, 0);
console.log(
  `\nPOST /api/payments/webhook on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${made.length.toLocaleString('en-US')} orders × ${DUPLICATES} deliveries each = ${deliveries.length.toLocaleString('en-US')} signed events, 50 connections`,
);
console.log(
  `${Math.round(deliveries.length / seconds).toLocaleString('en-US')} deliveries/s (autocannon mean ${r.requests.average.toLocaleString('en-US')} req/s), p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx, ${r.errors} errors`,
);
console.log(
  `credits granted ${totals.credits.toLocaleString('en-US')} of ${expected.toLocaleString('en-US')} expected; ledger rows ${totals.ledger} for ${made.length} orders; orders completed ${totals.completed}`,
);
const ok = totals.credits === expected && totals.ledger === made.length && totals.completed === made.length && !r.non2xx && !r.errors;
console.log(ok ? 'OK: no credit lost or doubled' : 'FAILED: credits lost or doubled');
if (!ok) process.exit(1);
