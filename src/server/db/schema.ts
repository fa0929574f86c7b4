import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role', { enum: ['user', 'admin', 'super_admin'] })
      .notNull()
      .default('user'),
    accountType: text('account_type', { enum: ['starter', 'pro'] })
      .notNull()
      .default('starter'),
    credits: integer('credits').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Sign-in is case-insensitive, so uniqueness must be too.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // The back-office searches "contains" over both (admin/users.ts): trigram indexes keep it fast at 100,000 users.
    index('users_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    // The back-office lists users newest first, a page at a time.
    index('users_created_idx').on(t.createdAt, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a database leak does not hand out live sessions. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256 keyed with the server secret: the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_codes_user_idx').on(t.userId)],
);

export const userMessages = pgTable(
  'user_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    relatedCardId: uuid('related_card_id'),
    createdAt: createdAt(),
  },
  (t) => [index('user_messages_user_idx').on(t.userId, t.createdAt)],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  transport: text('transport').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});

/** Small key-value store for process-wide settings that must agree across processes (the server secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Rate-limit counters every process shares (issue 23.12): one row per key, a fixed window. Changed
 * only by single atomic statements (limits/store.ts), so N web processes count as one.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

export const cardSets = pgTable('card_sets', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  series: text('series').notNull(),
  printedTotal: integer('printed_total').notNull(),
  total: integer('total').notNull(),
  releaseDate: text('release_date').notNull(),
  symbolUrl: text('symbol_url'),
  logoUrl: text('logo_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cards = pgTable(
  'cards',
  {
    id: text('id').primaryKey(),
    setId: text('set_id')
      .notNull()
      .references(() => cardSets.id),
    name: text('name').notNull(),
    supertype: text('supertype').notNull(),
    subtypes: jsonb('subtypes').$type<string[]>().notNull().default([]),
    number: text('number').notNull(),
    rarity: text('rarity'),
    artist: text('artist'),
    nationalPokedexNumbers: jsonb('national_pokedex_numbers').$type<number[]>().notNull().default([]),
    imageSmall: text('image_small'),
    imageLarge: text('image_large'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cards_set_idx').on(t.setId), index('cards_name_lower_idx').on(sql`lower(${t.name})`)],
);

/** A card a collector owns: a catalogue card or one entered by hand, with the photos they uploaded. */
export const userCards = pgTable(
  'user_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: text('card_id').references(() => cards.id),
    cardName: text('card_name').notNull(),
    cardSet: text('card_set').notNull(),
    cardNumber: text('card_number').notNull(),
    rarity: text('rarity'),
    /** Storage keys of the sanitized photos: front, back, the 8 corners (frontTopLeft…) and extra details. */
    images: jsonb('images')
      .$type<{ front?: string; back?: string; corners?: Record<string, string>; details?: string[] }>()
      .notNull()
      .default({}),
    personalNotes: text('personal_notes'),
    /** What the collector paid, in cents; null when not told. */
    purchasePriceCents: integer('purchase_price_cents'),
    /**
     * The printing the collector owns (issue 15): edition (`first_edition`, `shadowless`, `unlimited`) and
     * finish (`normal`, `holofoil`, `reverse_holofoil`); null when not told. Together they pick the market
     * price the value rests on. Checked against the contract's enums on the way in.
     */
    edition: text('edition'),
    finish: text('finish'),
    /** How many copies of this printing in this condition the collector holds (an imported row's quantity). */
    quantity: integer('quantity').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_cards_user_idx').on(t.userId, t.createdAt),
    check('user_cards_quantity_positive', sql`${t.quantity} >= 1`),
    check('user_cards_edition_known', sql`${t.edition} in ('first_edition', 'shadowless', 'unlimited')`),
    check('user_cards_finish_known', sql`${t.finish} in ('normal', 'holofoil', 'reverse_holofoil')`),
  ],
);

/** One grading of a user card (the spec's "submission"). Values are decimals kept as numeric. */
export const gradings = pgTable(
  'gradings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gradingId: text('grading_id').notNull().unique(),
    userCardId: uuid('user_card_id')
      .notNull()
      .references(() => userCards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'processing', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    progress: integer('progress').notNull().default(0),
    currentStep: text('current_step'),
    error: text('error'),
    /** 1 when a credit was taken for this grading (starter accounts), so a failure can give it back once. */
    creditsSpent: integer('credits_spent').notNull().default(0),
    creditRefunded: boolean('credit_refunded').notNull().default(false),
    psaGrade: doublePrecision('psa_grade'),
    bgsGrade: doublePrecision('bgs_grade'),
    cgcGrade: doublePrecision('cgc_grade'),
    centeringScore: doublePrecision('centering_score'),
    cornersScore: doublePrecision('corners_score'),
    edgesScore: doublePrecision('edges_score'),
    surfaceScore: doublePrecision('surface_score'),
    confidence: doublePrecision('confidence'),
    recommendedPlatform: text('recommended_platform'),
    psaEstimatedValue: numeric('psa_estimated_value', { precision: 12, scale: 2 }),
    bgsEstimatedValue: numeric('bgs_estimated_value', { precision: 12, scale: 2 }),
    cgcEstimatedValue: numeric('cgc_estimated_value', { precision: 12, scale: 2 }),
    /** Decision logs, analysis steps, adjustments and annotated-image keys: the full report. */
    report: jsonb('report').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the weekly price update last set this grading's values (null: still the grading-time values). */
    pricedAt: timestamp('priced_at', { withTimezone: true }),
    // ── Worker lease (grading/worker.ts): the claim a worker holds on a processing job, and until when.
    /** Set anew by every claim; the worker's writes are fenced by it, so a stale worker never writes. */
    claimId: uuid('claim_id'),
    /** Renewed by the worker's heartbeat while the job runs; once past, any worker may claim the job again. */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  },
  (t) => [
    index('gradings_user_idx').on(t.userId, t.createdAt),
    index('gradings_user_card_idx').on(t.userCardId, t.createdAt),
    // The back-office's submission pages, newest first, all or by status.
    index('gradings_created_idx').on(t.createdAt, t.id),
    index('gradings_status_created_idx').on(t.status, t.createdAt, t.id),
  ],
);

export const binders = pgTable(
  'binders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    isPublic: boolean('is_public').notNull().default(false),
    /** The card shown on the binder's cover; null: the first card. Cleared when that card leaves the binder. */
    coverUserCardId: uuid('cover_user_card_id').references(() => userCards.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The binder document's version (its ETag): database triggers add one in the same transaction as
     * any write to the binder, its entries, or a card, grading or owner name it shows (migration
     * 0003_binder_version_triggers.sql). Never set it from the application.
     */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('binders_user_idx').on(t.userId)],
);

export const binderCards = pgTable(
  'binder_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    binderId: uuid('binder_id')
      .notNull()
      .references(() => binders.id, { onDelete: 'cascade' }),
    userCardId: uuid('user_card_id')
      .notNull()
      .references(() => userCards.id, { onDelete: 'cascade' }),
    /** The grading shown in the binder (the spec's submissionId). */
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => gradings.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where the card sits in the binder's pages (0-based, 9 pockets a page); null until first reordered, then by addedAt. */
    position: integer('position'),
  },
  (t) => [
    uniqueIndex('binder_cards_unique_idx').on(t.binderId, t.userCardId),
    index('binder_cards_binder_idx').on(t.binderId, t.addedAt),
    // The version triggers find the binders that show a changed card or grading through these.
    index('binder_cards_user_card_idx').on(t.userCardId),
    index('binder_cards_submission_idx').on(t.submissionId),
  ],
);

/**
 * A CSV import waiting for the collector's confirmation (issue 15): the file's rows with what each
 * matched in the catalogue. Kept a day; confirming writes the cards and stamps `confirmed_at` in the
 * same transaction, so a second confirm finds it stamped and writes nothing.
 */
export const collectionImports = pgTable(
  'collection_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    /** TImportRow[] (src/contract/collection-io.ts). */
    rows: jsonb('rows').$type<unknown[]>().notNull(),
    counts: jsonb('counts').$type<{ total: number; matched: number; ambiguous: number; unmatched: number }>().notNull(),
    hasBinders: boolean('has_binders').notNull().default(false),
    hasGrades: boolean('has_grades').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    importedCount: integer('imported_count'),
  },
  (t) => [index('collection_imports_user_idx').on(t.userId, t.createdAt)],
);

/** Every change to a credit balance, with its reason: the balance on `users` is the running total. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: ['grading', 'refund', 'purchase', 'admin', 'signup'] }).notNull(),
    gradingId: uuid('grading_id'),
    /** The credit order a purchase came from (payments). */
    orderId: uuid('order_id'),
    /** The administrator who set the balance, for reason 'admin' lines written by the back-office. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Every change an administrator makes (who, what, when, before → after), written in the same
 * transaction as the change itself: there is no change without its line, nor a line without its change.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_target_idx').on(t.targetUserId, t.createdAt), index('admin_audit_created_idx').on(t.createdAt)],
);

/* ---------- payments (issue 9) ---------- */

/** A credit-pack purchase (spec §3 Order). Money in minor units; credits granted once, with the order's completion. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    package: text('package').notNull(),
    credits: integer('credits').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'processing', 'completed', 'failed', 'expired', 'cancelled'] })
      .notNull()
      .default('pending'),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    providerPaymentId: text('provider_payment_id'),
    providerCustomerId: text('provider_customer_id'),
    checkoutUrl: text('checkout_url'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('orders_session_idx').on(t.providerSessionId),
    index('orders_status_idx').on(t.status, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
  ],
);

/** Ids of provider events already handled: the unique key is what makes a replayed delivery a no-op. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Our mirror of every provider subscription (spec §3), linked to a user or orphaned (user null). */
export const providerSubscriptions = pgTable(
  'provider_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    plan: text('plan').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    customerId: text('customer_id'),
    customerEmail: text('customer_email'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /**
     * Set when this subscription arrived while its user already had a live one (issue 23.2): it is
     * canceled at the provider, and the admin's monitor says so. Names the subscription it duplicated.
     */
    duplicateOf: text('duplicate_of'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('provider_subscriptions_user_idx').on(t.userId), index('provider_subscriptions_status_idx').on(t.status)],
);

/**
 * Money received for Pro (issue 24.6): one row per paid subscription invoice (the first one and every
 * renewal), written with the `invoice.paid` event that reports it. Credit packs are `orders`; together
 * they are the service's revenue. The invoice id is the key, so a replayed event adds nothing.
 */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    subscriptionId: text('subscription_id').notNull(),
    provider: text('provider').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('subscription_payments_user_idx').on(t.userId, t.paidAt)],
);

/**
 * A collector's open Pro checkout: a second "Subscribe" reuses it while it is open instead of opening
 * another, so two checkouts paid one after the other cannot make two subscriptions (issue 23.2).
 */
export const subscriptionCheckouts = pgTable('subscription_checkouts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sessionId: text('session_id').notNull(),
  url: text('url').notNull(),
  createdAt: createdAt(),
});

/**
 * The embedded payment provider's own books (checkout sessions, customers, subscriptions as
 * Stripe-shaped JSON), kept apart from ours: our tables only learn what its signed events tell them.
 */
export const localProviderObjects = pgTable(
  'local_provider_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['checkout_session', 'subscription', 'customer'] }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('local_provider_objects_kind_idx').on(t.kind, t.id)],
);

/** Events the embedded provider still has to deliver (retried until the webhook answers 2xx). */
export const localProviderEvents = pgTable(
  'local_provider_events',
  {
    id: text('id').primaryKey(),
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('local_provider_events_pending_idx').on(t.deliveredAt, t.createdAt)],
);

/**
 * Catalogue sync runs (spec §3 Sync log). The table is also the job queue: a run is queued as a
 * `running` row without a claim, and a worker claims it with a lease (catalogue-sync/worker.ts). The
 * partial unique index lets one run at a time be running, across every process.
 */
export const syncLogs = pgTable(
  'sync_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['sets', 'cards', 'full'] }).notNull(),
    status: text('status', { enum: ['running', 'completed', 'failed', 'cancelled'] })
      .notNull()
      .default('running'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    totalRecords: integer('total_records').notNull().default(0),
    processedRecords: integer('processed_records').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    lastError: text('last_error'),
    metadata: jsonb('metadata')
      .$type<{ currentPage?: number; phase?: 'sets' | 'cards'; source?: string; rowsWritten?: number; warnings?: number }>()
      .notNull()
      .default({}),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    claimId: uuid('claim_id'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sync_logs_one_running_idx')
      .on(sql`(true)`)
      .where(sql`${t.status} = 'running'`),
    index('sync_logs_started_idx').on(t.startedAt),
  ],
);

/** What happened during a run (spec §3 Sync event), shown in the detail view's timeline. */
export const syncEvents = pgTable(
  'sync_events',
  {
    // A sequence, not a uuid: the events of one page share a timestamp, and the timeline keeps their order.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    syncLogId: uuid('sync_log_id')
      .notNull()
      .references(() => syncLogs.id, { onDelete: 'cascade' }),
    eventType: text('event_type', { enum: ['info', 'success', 'warning', 'error'] }).notNull(),
    message: text('message').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [index('sync_events_log_idx').on(t.syncLogId, t.id)],
);

/**
 * Market prices of a catalogue card per source and print variant, as the source dated them
 * (`updatedAt`, YYYY-MM-DD). `tcgplayer` prices are USD per variant; `cardmarket` ones EUR.
 */
export const cardPrices = pgTable(
  'card_prices',
  {
    cardId: text('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['tcgplayer', 'cardmarket'] }).notNull(),
    variant: text('variant').notNull(),
    currency: text('currency').notNull(),
    low: doublePrecision('low'),
    mid: doublePrecision('mid'),
    high: doublePrecision('high'),
    market: doublePrecision('market'),
    updatedAt: text('updated_at'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.source, t.variant] })],
);

/** The persisted catalogue-sync schedule: the next time it fires. One process wins each firing. */
export const syncSchedule = pgTable('sync_schedule', {
  id: text('id').primaryKey(),
  rule: text('rule').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
});

/* ---------- weekly price update (issue 14) ---------- */

/**
 * One weekly price update. The row is the job: at most one is `running` at a time across processes (the
 * partial unique index), held by a claim id and a lease like the grading worker's; a process that died
 * leaves a lapsed lease that the next start or worker tick takes over and resumes from `cursor`.
 */
export const priceUpdateRuns = pgTable(
  'price_update_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: ['running', 'success', 'failed'] })
      .notNull()
      .default('running'),
    /** What started it: an administrator (`admin`) or the weekly schedule (`schedule`). */
    trigger: text('trigger', { enum: ['admin', 'schedule'] }).notNull(),
    /** The price model that ran it (estimator, openai:<model>). */
    model: text('model').notNull(),
    /** The clock the coverage rules are judged against: fixed at start, so a resumed run covers the same cards. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The last pricing group done (its sort key): a resumed run continues after it. */
    cursor: text('cursor'),
    totalCards: integer('total_cards').notNull().default(0),
    stats: jsonb('stats')
      .$type<{ processed: number; succeeded: number; failed: number; duplicates: number; apiCalls: number; cardsUpdated: number }>()
      .notNull(),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    message: text('message'),
    claimId: uuid('claim_id'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('price_update_runs_one_running_idx')
      .on(t.status)
      .where(sql`status = 'running'`),
    index('price_update_runs_started_idx').on(t.startedAt),
  ],
);

/**
 * Every value the weekly update set: one row per (card, platform, grade) per run (the unique index is
 * what makes a resumed run unable to price a group twice). `cardKey` is the catalogue card id, or
 * `name|set|number` for a card entered by hand.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id').references(() => priceUpdateRuns.id, { onDelete: 'set null' }),
    cardKey: text('card_key').notNull(),
    platform: text('platform', { enum: ['PSA', 'BGS', 'CGC'] }).notNull(),
    grade: doublePrecision('grade').notNull(),
    value: numeric('value', { precision: 12, scale: 2 }).notNull(),
    source: text('source').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('price_history_run_unit_idx').on(t.runId, t.cardKey, t.platform, t.grade),
    index('price_history_card_idx').on(t.cardKey, t.platform, t.grade, t.recordedAt),
  ],
);
