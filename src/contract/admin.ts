/**
 * The back-office contract (spec §2.7, §3, §5, §7.3). Every admin endpoint answers with one of these
 * schemas; the web app parses through them too, so a drift between the two shows as a failed parse.
 * `{admin}` is `/api/admin/{hash}` (docs/decisions/007-admin-path.md): the hash is a per-install segment.
 */
import { z } from 'zod';
import { ZUsername } from './auth';
import { ROLES } from './auth-rules';
import { zText } from './text';
import { ZGrading } from './gradings';
import { ZOrder } from './payments';
import { ZUserCard } from './user-cards';

export const ZAdminRole = z.enum(ROLES);
export type TAdminRole = z.infer<typeof ZAdminRole>;

/** Path parameter of every `{admin}` route; checked against the install's hash on the server. */
export const ZAdminHashParam = z.object({ hash: z.string().max(128) });

export const ZAdminPathResponse = z.object({
  /** e.g. `/api/admin/3qk…`: the prefix of every `{admin}` call. */
  prefix: z.string(),
  hash: z.string(),
});
export type TAdminPathResponse = z.infer<typeof ZAdminPathResponse>;

/* ---------- paging ---------- */

export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;
export const ADMIN_DEFAULT_PAGE_SIZE = 25;
const ZPage = z.coerce.number().int().min(1).max(100_000).default(1);
const ZPageSize = z.coerce.number().int().min(1).max(100).default(ADMIN_DEFAULT_PAGE_SIZE);

/**
 * Pages answer `hasMore` (one row past the page is read) instead of a total: counting 1,000,000
 * gradings on every page turn costs more than the page itself, and the lists only need Next/Previous.
 */
const paged = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), pageSize: z.number().int(), hasMore: z.boolean() });

/* ---------- stats (Overview) ---------- */

export const HEALTH_STATES = ['ok', 'degraded', 'down'] as const;
export const ZHealthState = z.enum(HEALTH_STATES);
export type THealthState = z.infer<typeof ZHealthState>;
const ZCheck = z.object({ status: ZHealthState, detail: z.string() });
export type TCheck = z.infer<typeof ZCheck>;

export const ZRecentActivity = z.object({
  id: z.string(),
  kind: z.enum(['grading', 'order', 'signup']),
  description: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type TRecentActivity = z.infer<typeof ZRecentActivity>;

export const ZAdminStatsResponse = z.object({
  totalUsers: z.number().int(),
  totalCards: z.number().int(),
  totalGradings: z.number().int(),
  /** Sum of every positive credit-ledger line (signup, purchase, admin grants, refunds). */
  totalCreditsIssued: z.number().int(),
  /** Completed orders, in dollars (minor units ÷ 100). */
  totalRevenue: z.number(),
  recentActivity: z.array(ZRecentActivity),
  /** Real checks, measured on this call (spec's static labels made live). */
  system: z.object({
    status: ZHealthState,
    database: ZCheck,
    api: ZCheck,
    server: ZCheck,
    jobQueue: ZCheck,
    imageStore: ZCheck,
  }),
});
export type TAdminStatsResponse = z.infer<typeof ZAdminStatsResponse>;

/* ---------- users ---------- */

export const ZAdminUser = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  credits: z.number().int(),
  role: ZAdminRole,
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUsersRequest = z.object({
  search: zText().trim().max(100).optional(),
  page: ZPage,
  pageSize: ZPageSize,
});
export type TAdminUsersRequest = z.input<typeof ZAdminUsersRequest>;
export const ZAdminUsersResponse = paged(ZAdminUser);
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponse>;

/** A user card as the admin's cards dialog lists it: the collector's own card fields, and its latest grades. */
export const ZAdminUserCard = ZUserCard.pick({
  id: true,
  cardId: true,
  cardName: true,
  cardSet: true,
  cardNumber: true,
  rarity: true,
  createdAt: true,
  frontImageUrl: true,
}).extend({
  latestGrading: z.object({ psaGrade: z.number().nullable(), bgsGrade: z.number().nullable(), cgcGrade: z.number().nullable() }).nullable(),
});
export type TAdminUserCard = z.infer<typeof ZAdminUserCard>;
export const ZAdminUserResponse = ZAdminUser.extend({ cards: z.array(ZAdminUserCard) });
export type TAdminUserResponse = z.infer<typeof ZAdminUserResponse>;

export const ZAdminUserIdParams = ZAdminHashParam.extend({ id: z.string().uuid('Not a valid id') });

/** Spec §5 "Admin edit user", word for word; the web form uses the same schema. */
export const ADMIN_USER_MESSAGES = {
  username: 'Username must be at least 3 characters',
  email: 'Invalid email address',
  credits: 'Credits must be non-negative',
  password: 'Password must be at least 6 characters',
  mismatch: "Passwords don't match",
} as const;

const optionalName = zText()
  .trim()
  .max(60, 'Names are at most 60 characters')
  .nullish()
  .transform((v) => (v ? v : null));
export const ZAdminUpdateUserRequest = z.object({
  /** Registration's rule (issue 23.9): a rename through the back-office cannot make `ａdmin` or `admin` + ZWSP. */
  username: ZUsername,
  firstName: optionalName,
  lastName: optionalName,
  email: zText().trim().toLowerCase().email(ADMIN_USER_MESSAGES.email).max(254),
  credits: z.number().int('Credits must be a whole number').min(0, ADMIN_USER_MESSAGES.credits).max(1_000_000),
  role: ZAdminRole,
});
export type TAdminUpdateUserRequest = z.input<typeof ZAdminUpdateUserRequest>;
export const ZAdminUpdateUserResponse = z.object({ message: z.string(), user: ZAdminUser });
export type TAdminUpdateUserResponse = z.infer<typeof ZAdminUpdateUserResponse>;

/** Only newPassword is sent (spec §5); confirmation is the form's business. */
export const ZAdminResetPasswordRequest = z.object({
  newPassword: zText().min(6, ADMIN_USER_MESSAGES.password).max(200, 'Password must be at most 200 characters long.'),
});
export type TAdminResetPasswordRequest = z.infer<typeof ZAdminResetPasswordRequest>;
export const ZAdminResetPasswordResponse = z.object({ message: z.string(), sessionsEnded: z.number().int() });
export type TAdminResetPasswordResponse = z.infer<typeof ZAdminResetPasswordResponse>;

/* ---------- submissions ---------- */

export const ADMIN_SUBMISSION_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export const ZAdminSubmission = z.object({
  id: z.string(),
  gradingId: z.string(),
  cardName: z.string(),
  rarity: z.string().nullable(),
  cardSet: z.string(),
  cardNumber: z.string(),
  user: z.object({ username: z.string() }).nullable(),
  createdAt: z.string(),
  status: z.string(),
});
export type TAdminSubmission = z.infer<typeof ZAdminSubmission>;
export const ZAdminSubmissionsRequest = z.object({
  status: z.enum(ADMIN_SUBMISSION_STATUSES).optional(),
  page: ZPage,
  pageSize: ZPageSize,
});
export type TAdminSubmissionsRequest = z.input<typeof ZAdminSubmissionsRequest>;
export const ZAdminSubmissionsResponse = paged(ZAdminSubmission);
export type TAdminSubmissionsResponse = z.infer<typeof ZAdminSubmissionsResponse>;

/* ---------- grading report and its parts ---------- */

/** A grading id (GV-…) or, as the spec's fallback, the submission's own uuid. */
export const ZAdminGradingParams = ZAdminHashParam.extend({
  gradingId: z
    .string()
    .regex(/^(GV-[0-9A-F]{10}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i, 'Not a valid grading id'),
});
export const ZAdminGradingImageParams = ZAdminGradingParams.extend({ name: z.string().regex(/^[A-Za-z]{1,40}$/) });

/** A decision log: the engine's structured one, or plain text for manual gradings. Shapes per §3. */
const ZDecisionLog = z.union([z.string(), z.record(z.string(), z.unknown())]).nullable();

const CORNERS = ['TopLeft', 'TopRight', 'BottomLeft', 'BottomRight'] as const;
const EDGES = ['Top', 'Bottom', 'Left', 'Right'] as const;
const urlFields = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.string().nullable()])) as Record<K, z.ZodNullable<z.ZodString>>);
export const REPORT_CORNER_KEYS = (['front', 'back'] as const).flatMap((f) => CORNERS.map((c) => `${f}${c}`));
export const REPORT_EDGE_KEYS = (['front', 'back'] as const).flatMap((f) => EDGES.map((e) => `${f}${e}`));

export const ZAdminGradingReportResponse = z.object({
  id: z.string(),
  gradingId: z.string(),
  status: z.string(),
  cardName: z.string(),
  cardSet: z.string(),
  cardNumber: z.string(),
  rarity: z.string().nullable(),
  // The grades, sub-grades and values exactly as the owner's grading answer carries them.
  ...ZGrading.pick({
    psaGrade: true,
    bgsGrade: true,
    cgcGrade: true,
    centeringScore: true,
    cornersScore: true,
    edgesScore: true,
    surfaceScore: true,
    psaEstimatedValue: true,
    bgsEstimatedValue: true,
    cgcEstimatedValue: true,
  }).shape,
  /** Username, or the email when the account has none. */
  user: z.string().nullable(),
  createdAt: z.string(),
  /** 0–1. */
  confidence: z.number().nullable(),
  recommendedPlatform: z.string().nullable(),
  /** The ungraded value the graded ones were worked out from (report.valueBasis), to show the fee arithmetic; null when unknown. */
  rawValueUsd: z.number().nullable().optional(),
  frontImageUrl: z.string().nullable(),
  backImageUrl: z.string().nullable(),
  cornerImageUrls: urlFields(REPORT_CORNER_KEYS),
  detailImages: z.array(z.string()),
  frontAnnotatedImageUrl: z.string().nullable(),
  backAnnotatedImageUrl: z.string().nullable(),
  annotatedCornerUrls: urlFields(REPORT_CORNER_KEYS),
  annotatedEdgeUrls: urlFields(REPORT_EDGE_KEYS),
  centeringDecisionLog: ZDecisionLog,
  cornersDecisionLog: ZDecisionLog,
  edgesDecisionLog: ZDecisionLog,
  surfaceDecisionLog: ZDecisionLog,
});
export type TAdminGradingReportResponse = z.infer<typeof ZAdminGradingReportResponse>;

export const ZAdjustmentAnnotation = z.object({ id: z.string(), severity: z.string(), annotationText: z.string() });
export const ZImageAdjustment = z.object({
  id: z.string(),
  /** 0 is the photo as uploaded; then the engine's steps in order. */
  adjustmentStep: z.number().int(),
  adjustmentType: z.string(),
  adjustmentDescription: z.string(),
  originalImageType: z.string(),
  adjustedImageUrl: z.string().nullable(),
  createdAt: z.string(),
  annotations: z.array(ZAdjustmentAnnotation),
});
export type TImageAdjustment = z.infer<typeof ZImageAdjustment>;
export const ZAdjustmentsResponse = z.array(ZImageAdjustment);
export const ZAdjustmentsGroupedResponse = z.record(z.string(), z.array(ZImageAdjustment));
export type TAdjustmentsGroupedResponse = z.infer<typeof ZAdjustmentsGroupedResponse>;

export const ZAnalysisStep = z.object({
  id: z.string(),
  stepNumber: z.number().int(),
  stepName: z.string(),
  stepDescription: z.string(),
  status: z.string(),
  stepResults: z.unknown(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type TAnalysisStep = z.infer<typeof ZAnalysisStep>;
export const ZAnalysisStepsResponse = z.array(ZAnalysisStep);

export const ZAuditTrailResponse = z.object({ adjustments: z.array(ZImageAdjustment), analysisSteps: z.array(ZAnalysisStep) });
export type TAuditTrailResponse = z.infer<typeof ZAuditTrailResponse>;

/* ---------- orders ---------- */

/** The collector's order (amount in minor units: the screen divides by 100) and who placed it. */
export const ZAdminOrder = ZOrder.extend({ user: z.object({ username: z.string() }).nullable() });
export type TAdminOrder = z.infer<typeof ZAdminOrder>;
export const ZAdminOrdersRequest = z.object({ page: ZPage, pageSize: ZPageSize });
export const ZAdminOrdersResponse = paged(ZAdminOrder);
export type TAdminOrdersResponse = z.infer<typeof ZAdminOrdersResponse>;

/* ---------- provider subscriptions ---------- */

export const ADMIN_SUBSCRIPTION_FILTERS = ['active', 'canceled', 'incomplete', 'trialing', 'past_due'] as const;
export const ZAdminSubscription = z.object({
  id: z.string(),
  status: z.string(),
  isOrphaned: z.boolean(),
  /** A second live Pro subscription of one user, canceled at the provider: the one it duplicated. */
  duplicateOf: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  plan: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  customerEmail: z.string().nullable(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  user: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), username: z.string(), email: z.string() }).nullable(),
});
export type TAdminSubscription = z.infer<typeof ZAdminSubscription>;
export const ZAdminSubscriptionsResponse = z.object({
  /** 'stripe' or 'local' (the built-in test provider): names the title and the dashboard link. */
  provider: z.enum(['stripe', 'local']),
  /** The provider's dashboard base, e.g. https://dashboard.stripe.com; null when it has none. */
  dashboardUrl: z.string().nullable(),
  subscriptions: z.array(ZAdminSubscription),
});
export type TAdminSubscriptionsResponse = z.infer<typeof ZAdminSubscriptionsResponse>;

/* ---------- admin audit ---------- */

export const ZAdminAuditEntry = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  action: z.string(),
  targetUserId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type TAdminAuditEntry = z.infer<typeof ZAdminAuditEntry>;
