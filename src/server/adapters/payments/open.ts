import { randomBytes } from 'node:crypto';
import type { PaymentsConfig } from '../../config';
import type { Db } from '../../db/client';
import { generatedSetting } from '../../db/secret';
import type { Clock } from '../../deps';
import { createLocalProvider, type LocalProvider } from './local';
import type { PaymentProvider } from './port';
import { createStripeProvider } from './stripe';

export interface OpenedPayments {
  provider: PaymentProvider;
  /** The embedded provider's extra controls (hosted page, portal, clock), when it is the one in use. */
  local: LocalProvider | null;
}

/** Stripe when configured; otherwise the embedded provider, whose webhook secret is generated once and kept in the database. */
export async function openPaymentProvider(config: PaymentsConfig, db: Db, clock: Clock, log?: { warn(obj: object, msg: string): void }): Promise<OpenedPayments> {
  if (config.provider.kind === 'stripe') {
    const { secretKey, webhookSecret, apiBase } = config.provider;
    return { provider: createStripeProvider({ secretKey, webhookSecret, apiBase, now: () => clock.now() }), local: null };
  }
  const webhookSecret = await generatedSetting(db, 'local_payments_webhook_secret', () => `whsec_${randomBytes(24).toString('base64url')}`);
  const local = createLocalProvider({ db, clock, webhookSecret, log });
  return { provider: local, local };
}
