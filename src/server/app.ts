import { API_TAGS } from '@contract/common';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import { installErrorHandler } from './http/errors';
import { installErrorResponses, openApiTransform } from './http/route-docs';
import { installAccessControl, withRouteConfig, type RouteAccess } from './http/access';
import { isApiPath, serveWebApp } from './http/static-web';
import { loggerOptions } from './http/logging';
import { installCsrf } from './security/csrf';
import { DOCS_HELMET, installSecurityHeaders } from './security/headers';
import { fastifyTrustProxy } from './config';
import { createSessionStore } from './auth/sessions';
import { createAuthService } from './auth/service';
import { createPasswordReset } from './auth/password-reset';
import { authRoutes } from './auth/routes';
import { LOGIN_LIMITS, createLoginThrottle } from './auth/login-throttle';
import { createDatabaseLimitStore, createMemoryLimitStore, fastifyRateLimitStore } from './limits/store';
import { createNotificationService } from './notifications/service';
import { notificationRoutes } from './notifications/routes';
import { createCatalogueService } from './catalogue/service';
import { catalogueRoutes } from './catalogue/routes';
import { createCatalogueThumbnails } from './catalogue/thumbnails';
import { createBinderService } from './binders/service';
import { binderRoutes } from './binders/routes';
import { createUserCardService } from './cards/service';
import { printingRoutes } from './cards/printing-routes';
import { userCardRoutes } from './cards/routes';
import fastifyMultipart from '@fastify/multipart';
import { createCollectionService } from './collection/service';
import { collectionRoutes } from './collection/routes';
import { collectionIoRoutes } from './collection-io/routes';
import { openImageStore } from './adapters/storage/open';
import { guardImageStore } from './adapters/storage/guard';
import { type THealthResponse } from '@contract/health';
import { createGradingService } from './grading/service';
import { gradingRoutes } from './grading/routes';
import { manualGradeRoutes } from './grading/manual-routes';
import { detectionRoutes } from './grading/detection-routes';
import { createGradingWorker, type GradingWorker } from './grading/worker';
import { openReferenceImages } from './adapters/reference-images/open';
import { createEmbeddedPricing } from './pricing/embedded';
import { createSnapshotMarketPrices } from './pricing/snapshot-prices';
import { createSyncedMarketPrices, firstMarketPrice } from './pricing/synced-prices';
import { createSyncWorker, type SyncWorker } from './catalogue-sync/worker';
import { createCatalogueSyncService } from './catalogue-sync/service';
import { catalogueSyncRoutes } from './catalogue-sync/routes';
import { openCatalogueSource } from './catalogue-sync/source/open';
import { createUploadReceiver, type UploadReceiver } from './uploads/multipart-upload';
import { openPaymentProvider } from './adapters/payments/open';
import type { LocalProvider } from './adapters/payments/local';
import { createPaymentService } from './payments/service';
import { paymentRoutes } from './payments/routes';
import { webhookRoutes } from './payments/webhook-routes';
import { localProviderRoutes } from './payments/local-routes';
import { createPaymentsJob, type PaymentsJob } from './payments/reconcile';
import { adminRoutes } from './admin/routes';
import { adminHashGuard, adminPrefix, loadAdminPathHash } from './admin/path';
import { createAdminUserService } from './admin/users';
import { createAdminSubmissionService } from './admin/submissions';
import { createAdminStats } from './admin/stats';
import { createAdminBillingService } from './admin/billing';
import { createPriceUpdateRunner, type PriceUpdateRunner } from './price-update/runner';
import { createPriceUpdateSchedule, type PriceUpdateSchedule } from './price-update/schedule';
import { cardPriceHistoryRoutes, priceUpdateRoutes } from './price-update/routes';
import { openPriceModel } from './price-update/model/open';
import { createShareService } from './share/service';
import { shareRoutes } from './share/routes';
import { registerSharePages } from './share/page';
import type { PriceModel } from './price-update/model/port';
import { contractRoute } from './http/contract-route';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with who may call it; the authorization test walks it. */
    routeAccess: RouteAccess[];
    /** Runs grading jobs; started by main.ts for the `all` and `worker` roles, by tests on demand. */
    gradingWorker: GradingWorker;
    /** Receives photo uploads into temp files with per-process and per-user slots (uploads/multipart-upload.ts). */
    uploads: UploadReceiver;
    /** Reconciles with the payment provider and runs the embedded provider's renewals; started like the grading worker. */
    paymentsJob: PaymentsJob;
    /** Runs catalogue syncs; started like the grading worker. */
    syncWorker: SyncWorker;
    /** The embedded payment provider when it is the one in use (tests drive its clock). */
    localPayments: LocalProvider | null;
    /** The weekly price update (price-update/runner.ts). */
    priceUpdate: PriceUpdateRunner;
    /** Its weekly schedule and the resumption of interrupted runs; started like the grading worker. */
    priceUpdateSchedule: PriceUpdateSchedule;
  }
}

export interface BuildAppOptions {
  /** Folder of the built web app; omitted in API-only tests. */
  webDist?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The weekly price update's model instead of the configured one (tests, benches). */
  priceModel?: PriceModel;
  /** How long POST weekly-price-update waits for its run before answering 202. */
  priceUpdateWaitMs?: number;
  /** Prefix of this app's rate-limit keys in the shared store (tests: one budget per test app). */
  limitNamespace?: string;
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config, database, clock } = deps;
  const db = database.db;
  const app = Fastify({
    // A test that reads log lines hands in a stream and gets them at `info` at least, whatever LOG_LEVEL says.
    logger: options.logStream
      ? loggerOptions({ logLevel: config.logLevel === 'silent' ? 'info' : config.logLevel }, options.logStream)
      : options.logger === false
        ? false
        : loggerOptions(config),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Fastify's defaults, written down because access is decided by the route a URL matches: one
    // spelling per route. `/API/x`, `/api/x/`, `/api//x` and dot segments match nothing (404 JSON);
    // percent-encoded letters (`/%61pi/x`) are decoded and match, and get that route's checks.
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: false, ignoreDuplicateSlashes: false },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const secureCookies = (req: { protocol: string }) => req.protocol === 'https';

  await app.register(fastifyCookie);
  // Rate-limit counters: in the shared `rate_limits` table on PostgreSQL, where several processes may
  // serve one site (issue 23.12); in memory on the embedded database, which only one process opens.
  const limits = database.kind === 'postgres' ? createDatabaseLimitStore(db, clock, options.limitNamespace) : createMemoryLimitStore(clock);
  // Routes carry their limits in config.rateLimit; without the plugin (RATE_LIMIT=false, load tests) they are inert.
  if (config.rateLimit)
    await app.register(fastifyRateLimit, {
      global: false,
      enableDraftSpec: true,
      ...(limits.kind === 'database' ? { store: fastifyRateLimitStore(limits) } : {}),
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: 429,
        message: `Too many attempts. Please wait ${Math.max(1, Math.ceil(ctx.ttl / 60_000))} minute(s) and try again.`,
      }),
    });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'GradeVault API', version: '1.0.0' }, tags: API_TAGS.map((name) => ({ name })) },
    transform: openApiTransform,
  });
  await app.register(
    withRouteConfig({ access: 'asset', helmet: DOCS_HELMET }, (scope) =>
      scope.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', validatorUrl: null } }),
    ),
  );

  // The embedded outbox prints each mail to this log (adapters/mail/outbox.ts); SMTP prints none.
  deps.mail.useLogger?.(app.log);
  installErrorHandler(app);
  installErrorResponses(app);
  await installSecurityHeaders(app);
  installCsrf(app, { secureCookies, publicUrl: config.publicUrl });
  const sessions = createSessionStore(db, clock, config.sessionDays);
  const routeAccess = installAccessControl(app, sessions);
  app.decorate('routeAccess', routeAccess);

  await app.register(authRoutes, {
    auth: createAuthService(db),
    sessions,
    passwordReset: createPasswordReset({ db, mail: deps.mail, clock, secret: deps.secret, sessions }),
    sessionDays: config.sessionDays,
    secureCookies,
    loginThrottle: config.rateLimit ? createLoginThrottle(clock, LOGIN_LIMITS, limits) : undefined,
    mail: deps.mail,
    publicUrl: config.publicUrl,
  });
  await app.register(notificationRoutes, { notifications: createNotificationService(db) });
  const catalogue = createCatalogueService(db);
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  // The configured store (files under DATA_DIR/images, or S3) unless a test hands one in.
  const ownImages = deps.images ? undefined : await openImageStore(config.storage);
  // Store failures answer 503 with a sentence, and the health check reports the store's state.
  const images = guardImageStore(deps.images ?? ownImages!, { now: () => clock.now().getTime() });
  if (ownImages) app.addHook('onClose', async () => ownImages.close());
  const thumbnails =
    deps.catalogueThumbnails ?? createCatalogueThumbnails({ images, allowedHosts: config.referenceImageHosts, log: app.log });
  await app.register(catalogueRoutes, { catalogue, thumbnails });
  const uploads = createUploadReceiver({
    tmpDir: config.uploads.dir,
    maxConcurrent: config.uploads.concurrency,
    maxPerUser: config.uploads.perUser,
  });
  app.decorate('uploads', uploads);
  // Synced market prices first, the bundled snapshot's next, the rarity guess last.
  const marketPrices = firstMarketPrice(createSyncedMarketPrices(db), createSnapshotMarketPrices());
  const pricing = deps.pricing ?? createEmbeddedPricing(marketPrices);
  await app.register(collectionRoutes, { collection: createCollectionService(db, marketPrices) });
  await app.register(collectionIoRoutes, { db, clock, market: marketPrices });
  const userCardService = createUserCardService({ db, images, catalogue, pricing });
  await app.register(userCardRoutes, { cards: userCardService, uploads });
  await app.register(printingRoutes, { cards: userCardService, catalogue, market: marketPrices });
  await app.register(binderRoutes, { binders: createBinderService(db) });
  // Public binders' share pages and their read-only API (issue 15): share/.
  const share = createShareService(db, images);
  await app.register(shareRoutes, { share });
  const referenceImages = deps.referenceImages ?? openReferenceImages(config.referenceImages, images, app.log, config.referenceImageHosts);
  const gradingWorker = createGradingWorker({
    db,
    images,
    pricing,
    referenceImages,
    clock,
    log: app.log,
    creditsChanged: (id) => sessions.forgetUser(id),
    soleWorker: database.kind === 'pglite',
  });
  app.decorate('gradingWorker', gradingWorker);
  await app.register(gradingRoutes, {
    gradings: createGradingService(db, { creditsChanged: (id) => sessions.forgetUser(id), queued: () => gradingWorker.poke() }),
    images,
  });
  await app.register(manualGradeRoutes, { db, pricing, clock });
  await app.register(detectionRoutes, { uploads });
  app.addHook('onClose', async () => gradingWorker.stop());

  const syncWorker = createSyncWorker({
    db,
    clock,
    log: app.log,
    soleWorker: database.kind === 'pglite',
    openSource: () => openCatalogueSource(config.catalogueSync),
    schedule: config.catalogueSync.schedule,
    catalogueChanged: () => catalogue.invalidate(),
  });
  app.decorate('syncWorker', syncWorker);
  const sync = createCatalogueSyncService({ db, wake: () => syncWorker.poke(), abortLocal: (id) => syncWorker.abortLocal(id) });
  // /api/admin/sync is spec §7.3's own path (outside the hash prefix).
  await app.register(catalogueSyncRoutes, { sync });
  app.addHook('onClose', async () => syncWorker.stop());

  const { provider, local } = await openPaymentProvider(config.payments, db, clock, deps.secret, app.log);
  const paymentsContext = () => ({ now: clock.now(), graceDays: config.payments.graceDays, provider: provider.kind });
  const creditsChanged = (id: string) => sessions.forgetUser(id);
  const paymentDeps = { db, provider, context: paymentsContext, changed: creditsChanged };
  await app.register(paymentRoutes, { payments: createPaymentService({ ...paymentDeps, log: app.log }), publicUrl: config.publicUrl });
  await app.register(webhookRoutes, { provider, deps: paymentDeps });
  if (local) {
    await app.register(localProviderRoutes, { local, testClock: config.payments.testClock });
    // The embedded provider posts its signed events through the real webhook route, verification included.
    local.setDeliver(async (payload, signature) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      return res.statusCode;
    });
  }
  const paymentsJob = createPaymentsJob({ ...paymentDeps, local, log: app.log });
  app.decorate('paymentsJob', paymentsJob);

  // The back-office (spec §2.7, §7.3) under /api/admin/{hash}: docs/decisions/007-admin-path.md.
  const adminHash = await loadAdminPathHash(db, config.adminPathHash);
  await app.register(adminRoutes, {
    hash: adminHash,
    users: createAdminUserService(db, { changed: (id) => sessions.forgetUser(id) }),
    submissions: createAdminSubmissionService(db, adminPrefix(adminHash)),
    stats: createAdminStats({ db, images, clock, databaseKind: database.kind }),
    billing: createAdminBillingService(db, provider.kind),
    images,
  });
  app.decorate('localPayments', local);
  app.addHook('onClose', async () => paymentsJob.stop());

  const priceUpdate = createPriceUpdateRunner({
    db,
    model: options.priceModel ?? openPriceModel(config.priceModel),
    clock,
    graceDays: config.payments.graceDays,
    maxCalls: config.priceModel.maxCalls,
    market: marketPrices,
    log: app.log,
    soleProcess: database.kind === 'pglite',
  });
  const priceUpdateSchedule = createPriceUpdateSchedule({
    db,
    clock,
    runner: priceUpdate,
    schedule: config.priceUpdateSchedule,
    log: app.log,
  });
  app.decorate('priceUpdate', priceUpdate);
  app.decorate('priceUpdateSchedule', priceUpdateSchedule);
  // Under the back-office's prefix /api/admin/{hash} (spec §7.3), behind the same hash check.
  await app.register(async (scope) => {
    scope.addHook('onRequest', adminHashGuard(adminHash));
    await scope.register(priceUpdateRoutes, { runner: priceUpdate, waitMs: options.priceUpdateWaitMs });
  });
  app.addHook('onClose', async () => priceUpdateSchedule.stop());
  await app.register(cardPriceHistoryRoutes, { db });

  contractRoute(app, 'GET /api/health', {
    tags: ['system'],
    summary: 'Service health: database and image store',
    handler: async (_request, reply) => {
      const store = await images.health();
      const body: THealthResponse = {
        status: store.status,
        database: database.kind,
        imageStore: { kind: images.kind, status: store.status },
      };
      // The reason stays in the log: the health answer is public.
      if (store.status !== 'ok') app.log.warn({ imageStore: images.kind, detail: store.detail }, 'image store unavailable');
      return reply.status(store.status === 'ok' ? 200 : 503).send(body);
    },
  });

  const sendIndex = options.webDist ? await serveWebApp(app, options.webDist) : null;
  // The share pages' index.html carries the binder's Open Graph tags (crawlers run no script).
  if (options.webDist) registerSharePages(app, share, options.webDist, config.publicUrl);
  app.setNotFoundHandler((request, reply) => {
    if (!sendIndex || isApiPath(request.url) || request.method !== 'GET') {
      return reply.status(404).send({ code: 'not_found', message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
    }
    return sendIndex(reply);
  });

  return app;
}
