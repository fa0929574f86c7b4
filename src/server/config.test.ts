import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, loadConfig } from './config';

/** The lines of the boot error for `env`: one per bad variable, each naming it. */
const refusal = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message.split('\n');
  }
  throw new Error('loadConfig accepted the environment');
};

describe('derived settings', () => {
  it('puts images, and nothing else, under the data directory, resolved against the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'var/gv' });
    expect(config.dataDir).toBe(path.resolve('var/gv'));
    expect(config.storage).toEqual({ kind: 'files', dir: path.join(path.resolve('var/gv'), 'images') });
    expect(config.uploads.dir).toBe(path.resolve(os.tmpdir()));
  });

  it('offers the demo accounts on the embedded database only, unless asked for', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/gv' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/gv', DEMO: 'yes' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
  });

  it('uses path-style S3 addressing for a custom endpoint, virtual hosts for AWS, and the credential chain without keys', () => {
    const minio = loadConfig({ STORAGE: 's3', S3_BUCKET: 'cards', S3_ENDPOINT: 'http://127.0.0.1:9000' }).storage;
    expect(minio).toMatchObject({ kind: 's3', bucket: 'cards', forcePathStyle: true, credentials: undefined, region: 'us-east-1' });
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'cards' }).storage).toMatchObject({ forcePathStyle: false });
    expect(
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'cards', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'false' }).storage,
    ).toMatchObject({ forcePathStyle: false });
  });

  it('reads TRUST_PROXY as nobody, a hop count or a list, and gives Fastify a hop test for a count', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, loopback ' }).trustProxy).toEqual(['10.0.0.0/8', 'loopback']);
    const twoHops = fastifyTrustProxy(loadConfig({ TRUST_PROXY: '2' }).trustProxy) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('203.0.113.9', hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(0)).toBe(false);
  });
});

describe('refused values', () => {
  it('names each bad variable with its rule, all in one message', () => {
    const lines = refusal({ PORT: 'eighty', SECRET_KEY: 'short', DEMO_PASSWORD: 'abc', LOG_LEVEL: 'loud' });
    expect(lines[0]).toBe('Invalid environment:');
    expect(
      lines
        .slice(1)
        .map((l) => l.trim().split(':')[0])
        .sort(),
    ).toEqual(['DEMO_PASSWORD', 'LOG_LEVEL', 'PORT', 'SECRET_KEY']);
    expect(lines).toContain('  SECRET_KEY: SECRET_KEY must be at least 32 characters');
    expect(lines).toContain('  DEMO_PASSWORD: DEMO_PASSWORD must be at least 8 characters');
  });

  it('refuses out-of-range numbers and a TRUST_PROXY it does not understand, quoting what it could not read', () => {
    expect(refusal({ PORT: '70000' })[1]).toMatch(/^ {2}PORT: /);
    expect(refusal({ SESSION_DAYS: '0' })[1]).toMatch(/^ {2}SESSION_DAYS: /);
    expect(refusal({ TRUST_PROXY: '10.0.0.0/40, proxy.example' })[1]).toMatch(
      /^ {2}TRUST_PROXY: .*not understood: 10\.0\.0\.0\/40, proxy\.example$/,
    );
    expect(refusal({ TRUST_PROXY: '101' })[1]).toMatch(/not understood: 101$/);
  });

  it('refuses storage settings that cannot work together', () => {
    expect(refusal({ STORAGE: 's3' })).toContain('  S3_BUCKET: S3_BUCKET is required when STORAGE=s3');
    expect(refusal({ S3_ACCESS_KEY_ID: 'AKIA' })[1]).toMatch(
      /^ {2}S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/,
    );
    expect(refusal({ STRIPE_SECRET_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_test_x' })).toContain(
      '  STRIPE_SECRET_KEY: STRIPE_SECRET_KEY must be a secret (sk_…) or restricted (rk_…) key',
    );
  });
});

describe('payments configuration', () => {
  it('uses the built-in test provider without a Stripe key outside production, and Stripe with its keys', () => {
    expect(loadConfig({}).payments).toEqual({ provider: { kind: 'local' }, graceDays: 7, testClock: false });
    const stripe = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_x',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(stripe.payments.provider).toEqual({
      kind: 'stripe',
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_test_x',
      apiBase: new URL('http://127.0.0.1:12111'),
    });
  });

  it('refuses a production start that would take payments through the test provider by accident', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/NODE_ENV=production needs STRIPE_SECRET_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'local' }).payments.provider).toEqual({ kind: 'local' });
    const stripe = loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_test_x' });
    expect(stripe.payments.provider.kind).toBe('stripe');
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'local', PAYMENTS_TEST_CLOCK: 'true' })).toThrow(
      /PAYMENTS_TEST_CLOCK is for tests only/,
    );
  });

  it('refuses a provider choice that contradicts the keys', () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(/PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'local', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_test_x' })).toThrow(
      /cannot be combined/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET: set STRIPE_WEBHOOK_SECRET/);
  });
});
