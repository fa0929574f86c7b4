import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('payments configuration', () => {
  it('uses the built-in test provider without a Stripe key, outside production', () => {
    expect(loadConfig({}).payments.provider).toEqual({ kind: 'local' });
  });

  it('refuses a production start that would take payments through the test provider by accident', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/NODE_ENV=production needs STRIPE_SECRET_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'local' }).payments.provider).toEqual({ kind: 'local' });
    const stripe = loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_test_x' });
    expect(stripe.payments.provider.kind).toBe('stripe');
  });

  it('refuses a provider choice that contradicts the keys', () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(/PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'local', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_test_x' })).toThrow(/cannot be combined/);
  });
});
