/** Shared answers of the admin component tests. */
import type { TAdminGradingReportResponse, TAdminUser } from '@contract/admin';

export const PREFIX = '/api/admin/h4sh-h4sh-h4sh-h4sh';
export const pathAnswer = { 'GET /api/admin/path': () => ({ json: { prefix: PREFIX, hash: 'h4sh-h4sh-h4sh-h4sh' } }) };

export const adminUser = (over: Partial<TAdminUser> = {}): TAdminUser => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  username: 'misty',
  firstName: 'Misty',
  lastName: 'Waters',
  email: 'misty@example.test',
  credits: 4,
  role: 'user',
  ...over,
});

const nullUrls = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, null]));
const corners = ['front', 'back'].flatMap((f) => ['TopLeft', 'TopRight', 'BottomLeft', 'BottomRight'].map((c) => `${f}${c}`));
const edges = ['front', 'back'].flatMap((f) => ['Top', 'Bottom', 'Left', 'Right'].map((c) => `${f}${c}`));

export const report = (over: Partial<TAdminGradingReportResponse> = {}): TAdminGradingReportResponse => ({
  id: '10000000-0000-4000-8000-000000000001',
  gradingId: 'GV-00000000A1',
  status: 'completed',
  cardName: 'Charizard',
  cardSet: 'Base',
  cardNumber: '4',
  rarity: 'Rare Holo',
  psaGrade: 9,
  bgsGrade: 8.5,
  cgcGrade: 9,
  centeringScore: 9,
  cornersScore: 8.5,
  edgesScore: 9,
  surfaceScore: 9.5,
  psaEstimatedValue: '420.00',
  bgsEstimatedValue: '300.00',
  cgcEstimatedValue: '280.00',
  user: 'misty',
  createdAt: '2026-11-20T10:00:00.000Z',
  confidence: 0.87,
  recommendedPlatform: null,
  rawValueUsd: 190.91,
  frontImageUrl: '/api/user-cards/c1/images/front',
  backImageUrl: null,
  cornerImageUrls: nullUrls(corners),
  detailImages: [],
  frontAnnotatedImageUrl: `${PREFIX}/grading/GV-00000000A1/images/frontAnnotated`,
  backAnnotatedImageUrl: null,
  annotatedCornerUrls: nullUrls(corners),
  annotatedEdgeUrls: nullUrls(edges),
  centeringDecisionLog: {
    horizontalRatio: '55/45',
    verticalRatio: '52/48',
    score: 9,
    reasoning: 'Left/Right borders measured',
    confidence: 90,
    summary: 'Slightly left',
    details: ['front ok'],
  },
  cornersDecisionLog: {
    averageScore: 8.5,
    perfectCorners: 5,
    reasoning: 'r',
    confidence: 80,
    summary: 's',
    details: { frontTopLeft: { score: 8, condition: 'Light wear', issues: ['whitening'] } },
  },
  edgesDecisionLog: 'Edges look clean.',
  surfaceDecisionLog: {
    totalIssues: 1,
    majorIssues: 0,
    moderateIssues: 1,
    minorIssues: 0,
    frontIssues: [{ severity: 'moderate', type: 'scratch', lengthMm: 3 }],
    backIssues: [],
    reasoning: 'r',
    confidence: 70,
    summary: 's',
    details: [],
  },
  ...over,
});
