import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import { installErrorHandler } from './http/errors';
import { installAccessControl, type RouteAccess } from './http/access';
import { isApiPath, serveWebApp } from './http/static-web';
import { installCsrf } from './security/csrf';
import { installSecurityHeaders } from './security/headers';
import { createSessionStore } from './auth/sessions';
import { createAuthService } from './auth/service';
import { createPasswordReset } from './auth/password-reset';
import { authRoutes } from './auth/routes';
import { createNotificationService } from './notifications/service';
import { notificationRoutes } from './notifications/routes';
import { createCatalogueService } from './catalogue/service';
import { catalogueRoutes } from './catalogue/routes';
import { createBinderService } from './binders/service';
import { binderRoutes } from './binders/routes';
import { createUserCardService } from './cards/service';
import { userCardRoutes } from './cards/routes';
import fastifyMultipart from '@fastify/multipart';
import { createCollectionService } from './collection/service';
import { collectionRoutes } from './collection/routes';
import { openImageStore } from './adapters/storage/open';
import { createGradingService } from './grading/service';
import { gradingRoutes } from './grading/routes';
import { manualGradeRoutes } from './grading/manual-routes';
import { detectionRoutes } from './grading/detection-routes';
import { createGradingWorker, type GradingWorker } from './grading/worker';
import { createEmbeddedPricing } from './pricing/embedded';
import { openPaymentProvider } from './adapters/payments/open';
import type { LocalProvider } from './adapters/payments/local';
import { createPaymentService } from './payments/service';
import { paymentRoutes } from './payments/routes';
import { webhookRoutes } from './payments/webhook-routes';
import { localProviderRoutes } from './payments/local-routes';
import { createPaymentsJob, type PaymentsJob } from './payments/reconcile';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with who may call it; the authorization test walks it. */
    routeAccess: RouteAccess[];
    /** Runs grading jobs; started by main.ts for the `all` and `worker` roles, by tests on demand. */
    gradingWorker: GradingWorker;
    /** Reconciles with the payment provider and runs the embedded provider's renewals; started like the grading worker. */
    paymentsJob: PaymentsJob;
    /** The embedded payment provider when it is the one in use (tests drive its clock). */
    localPayments: LocalProvider | null;
  }
}

export interface BuildAppOptions {
  /** Folder of the built web app; omitted in API-only tests. */
  webDist?: string;
  logger?: boolean;
  /** Tests that assert on log lines read them here (JSON lines). */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config, database, clock } = deps;
  const db = database.db;
  const app = Fastify({
    logger: options.logStream ? { level: 'info', stream: options.logStream } : options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const secureCookies = (req: { protocol: string }) => req.protocol === 'https';

  await app.register(fastifyCookie);
  // Routes carry their limits in config.rateLimit; without the plugin (RATE_LIMIT=false, load tests) they are inert.
  if (config.rateLimit) await app.register(fastifyRateLimit, {
    global: false,
    enableDraftSpec: true,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many attempts. Please wait ${Math.max(1, Math.ceil(ctx.ttl / 60_000))} minute(s) and try again.`,
    }),
  });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'GradeVault API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  installErrorHandler(app);
  installSecurityHeaders(app);
  installCsrf(app, { secureCookies });
  const sessions = createSessionStore(db, clock, config.sessionDays);
  const routeAccess = installAccessControl(app, sessions);
  app.decorate('routeAccess', routeAccess);

  await app.register(authRoutes, {
    auth: createAuthService(db),
    sessions,
    passwordReset: createPasswordReset({ db, mail: deps.mail, clock, secret: deps.secret, sessions }),
    sessionDays: config.sessionDays,
    secureCookies,
  });
  await app.register(notificationRoutes, { notifications: createNotificationService(db) });
  const catalogue = createCatalogueService(db);
  await app.register(catalogueRoutes, { catalogue });
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  // The configured store (files under DATA_DIR/images, or S3) unless a test hands one in.
  const ownImages = deps.images ? undefined : await openImageStore(config.storage);
  const images = deps.images ?? ownImages!;
  if (ownImages) app.addHook('onClose', async () => ownImages.close());
  await app.register(collectionRoutes, { collection: createCollectionService(db) });
  await app.register(userCardRoutes, { cards: createUserCardService({ db, images, catalogue }) });
  await app.register(binderRoutes, { binders: createBinderService(db) });
  const pricing = deps.pricing ?? createEmbeddedPricing();
  const gradingWorker = createGradingWorker({ db, images, pricing, clock, log: app.log, creditsChanged: (id) => sessions.forgetUser(id) });
  app.decorate('gradingWorker', gradingWorker);
  await app.register(gradingRoutes, {
    gradings: createGradingService(db, { creditsChanged: (id) => sessions.forgetUser(id), queued: () => gradingWorker.poke() }),
    images,
  });
  await app.register(manualGradeRoutes, { db, pricing, clock });
  await app.register(detectionRoutes);
  app.addHook('onClose', async () => gradingWorker.stop());

  const { provider, local } = await openPaymentProvider(config.payments, db, clock, deps.secret, app.log);
  const paymentsContext = () => ({ now: clock.now(), graceDays: config.payments.graceDays, provider: provider.kind });
  const creditsChanged = (id: string) => sessions.forgetUser(id);
  const paymentDeps = { db, provider, context: paymentsContext, changed: creditsChanged };
  await app.register(paymentRoutes, { payments: createPaymentService({ ...paymentDeps, log: app.log }), publicUrl: config.publicUrl });
  await app.register(webhookRoutes, { provider, deps: paymentDeps });
  if (local) {
    await app.register(localProviderRoutes, { local, db, testClock: config.payments.testClock });
    // The embedded provider posts its signed events through the real webhook route, verification included.
    local.setDeliver(async (payload, signature) => {
      const res = await app.inject({ method: 'POST', url: '/api/payments/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
      return res.statusCode;
    });
  }
  const paymentsJob = createPaymentsJob({ ...paymentDeps, local, log: app.log });
  app.decorate('paymentsJob', paymentsJob);
  app.decorate('localPayments', local);
  app.addHook('onClose', async () => paymentsJob.stop());

  app.get('/api/health', { config: { access: 'public' } }, async () => ({ status: 'ok', database: database.kind }));

  const hasWeb = options.webDist ? await serveWebApp(app, options.webDist) : false;
  app.setNotFoundHandler((request, reply) => {
    if (!hasWeb || isApiPath(request.url) || request.method !== 'GET') {
      return reply.status(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  return app;
}
