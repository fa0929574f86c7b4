import { createHmac } from 'node:crypto';
import type { PaymentsConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../clock';
import { createLocalProvider, type LocalProvider } from './local';
import type { PaymentProvider } from './port';
import { createStripeProvider } from './stripe';

export interface OpenedPayments {
  provider: PaymentProvider;
  /** The embedded provider's extra controls (hosted page, portal, clock), when it is the one in use. */
  local: LocalProvider | null;
}

/**
 * The embedded provider's webhook signing secret, derived from the server secret: every process of a
 * deployment agrees on it without storing another secret, and it changes when SECRET_KEY does.
 */
export const localWebhookSecret = (serverSecret: string) =>
  `whsec_${createHmac('sha256', serverSecret).update('gradevault local payments webhook v1').digest('base64url')}`;

/** Stripe when configured; otherwise the embedded provider. */
export async function openPaymentProvider(
  config: PaymentsConfig,
  db: Db,
  clock: Clock,
  serverSecret: string,
  log?: { warn(obj: object, msg: string): void },
): Promise<OpenedPayments> {
  if (config.provider.kind === 'stripe') {
    const { secretKey, webhookSecret, apiBase } = config.provider;
    return { provider: createStripeProvider({ secretKey, webhookSecret, apiBase, now: () => clock.now() }), local: null };
  }
  const local = createLocalProvider({ db, clock, webhookSecret: localWebhookSecret(serverSecret), log });
  return { provider: local, local };
}
