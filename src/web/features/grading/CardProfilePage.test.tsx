import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TGrading } from '@contract/gradings';
import type { TUserCard } from '@contract/user-cards';
import { aGrading, aManualReport, anEngineReport, aUserCard } from '@web/test/fixtures';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import CardProfilePage from './CardProfilePage';

afterEach(() => vi.unstubAllGlobals());

const ID = '20000000-0000-4000-8000-000000000001';
const CARD: TUserCard = aUserCard({
  id: ID,
  createdAt: '2026-01-01T10:00:00.000Z',
  personalNotes: 'From my brother',
  actualPurchasePrice: '120.00',
});
const grading = (over: Partial<TGrading>): TGrading =>
  aGrading({
    gradingId: 'GV-00000000A1',
    userCardId: ID,
    status: 'completed',
    progress: 100,
    currentStep: 'Completed',
    createdAt: '2026-01-02T10:00:00.000Z',
    completedAt: '2026-01-02T10:01:00.000Z',
    psaGrade: 8,
    bgsGrade: 8.5,
    cgcGrade: 9,
    centeringScore: 8.5,
    cornersScore: 9,
    edgesScore: 8,
    surfaceScore: 9.5,
    confidence: 0.87,
    recommendedPlatform: 'CGC',
    psaEstimatedValue: '300.00',
    bgsEstimatedValue: '320.00',
    cgcEstimatedValue: '350.00',
    ...over,
  });
const log = (score: number, summary: string) => ({ score, summary, reasoning: `${summary}: why.`, confidence: 90 });
const base = anEngineReport();
const REPORT = anEngineReport({
  psaLabel: 'NM-MT',
  bgsLabel: 'NM-MT+',
  cgcLabel: 'Mint',
  confidence: 87,
  centeringDecisionLog: { ...base.centeringDecisionLog, ...log(8.5, 'Centred 58/42 left to right') },
  cornersDecisionLog: { ...base.cornersDecisionLog, ...log(9, 'One soft corner') },
  edgesDecisionLog: { ...base.edgesDecisionLog, ...log(8, 'Whitening on the back edges') },
  surfaceDecisionLog: { ...base.surfaceDecisionLog, ...log(9.5, 'No scratches found') },
});
const render = () =>
  renderWithApp(<CardProfilePage />, {
    route: `/account/collection/card-profile/${ID}`,
    path: '/account/collection/card-profile/:id',
    user: testUser(),
  });
const writes = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.method !== 'GET');

// Typing key by key in jsdom on two shared cores can take seconds: room beyond the 5 s default.
describe('card profile', { timeout: 20_000 }, () => {
  it('shows the latest completed grading with its report, not a newer one still running', async () => {
    const calls = mockApi({
      [`GET /api/user-cards/${ID}`]: () => ({ json: CARD }),
      [`GET /api/user-cards/${ID}/gradings`]: () => ({
        json: [grading({ gradingId: 'GV-00000000B2', status: 'processing', psaGrade: null }), grading({})],
      }),
      'GET /api/gradings/GV-00000000A1/report': () => ({ json: REPORT }),
      'GET /api/binders': () => ({ json: [] }),
      [`GET /api/user-cards/${ID}/price-history`]: () => ({ json: { entries: [] } }),
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Charizard' })).toBeInTheDocument();
    // The value history section, empty before the first weekly price update.
    expect(await screen.findByText(/^No price updates yet: values are set at grading time/)).toBeInTheDocument();
    expect(screen.getByLabelText('PSA 8')).toBeInTheDocument();
    expect(screen.getByLabelText('BGS 8.5')).toBeInTheDocument();
    expect(screen.getByLabelText('CGC 9')).toBeInTheDocument();
    expect(screen.getByText('87%')).toBeInTheDocument();
    // The report's decision logs, with their confidence.
    const decided = (await screen.findByRole('heading', { name: 'How we decided' })).closest('div')!.parentElement!;
    expect(within(decided).getByText('Whitening on the back edges')).toBeInTheDocument();
    expect(within(decided).getByRole('heading', { name: /^Surface: 9.5/ })).toHaveTextContent('(90% confidence)');
    // The evidence comes from the completed grading, never from the one still running.
    expect(screen.getByRole('img', { name: 'Annotated front' })).toHaveAttribute(
      'src',
      '/api/gradings/GV-00000000A1/images/frontAnnotated',
    );
    expect(calls.map((c) => c.url)).not.toContain('/api/gradings/GV-00000000B2/report');
    expect(screen.getByRole('link', { name: /Re-grade/ })).toHaveAttribute('href', `/account/card/grade-card/${ID}`);
  });

  it('shows value − fee = net per company against the raw value, and says plainly when grading is not worth it (issue 24.4)', async () => {
    // A played Base Set Charizard: every graded value below its raw $352.72.
    mockApi({
      [`GET /api/user-cards/${ID}`]: () => ({ json: CARD }),
      [`GET /api/user-cards/${ID}/gradings`]: () => ({
        json: [
          grading({ psaEstimatedValue: '246.90', bgsEstimatedValue: '211.63', cgcEstimatedValue: '211.63', recommendedPlatform: 'PSA' }),
        ],
      }),
      'GET /api/gradings/GV-00000000A1/report': () => ({
        json: { ...REPORT, valueBasis: { rawValueUsd: 352.72, netAfterFeesUsd: { PSA: 221.9, BGS: 181.63, CGC: 191.63 } } },
      }),
      'GET /api/binders': () => ({ json: [] }),
      [`GET /api/user-cards/${ID}/price-history`]: () => ({ json: { entries: [] } }),
    });
    render();
    const fees = await screen.findByRole('region', { name: 'Value after grading fees' });
    // The raw value comes with the report.
    expect(await within(fees).findByRole('row', { name: /^Raw/ })).toHaveTextContent('$352.72');
    expect(within(fees).getByRole('row', { name: /^PSA/ })).toHaveTextContent('PSA$246.90−$25.00= $221.90');
    expect(within(fees).getByRole('row', { name: /^BGS/ })).toHaveTextContent('BGS$211.63−$30.00= $181.63');
    expect(within(fees).getByRole('row', { name: /^CGC/ })).toHaveTextContent('CGC$211.63−$20.00= $191.63');
    expect(within(fees).getByTestId('grading-verdict')).toHaveTextContent(
      'Grading is not worth it: after its fee, the best company (PSA, $221.90) leaves less than the raw value of $352.72. Keep the card raw.',
    );
    expect(within(fees).getByText(/^Typical fees as of \d{4}-\d{2}-\d{2} \(fees-/)).toBeInTheDocument();
    expect(screen.getByText('Recommended').nextSibling).toHaveTextContent('PSA');
  });

  it('says a card without a completed grading has none yet, and asks no report', async () => {
    const calls = mockApi({
      [`GET /api/user-cards/${ID}`]: () => ({ json: CARD }),
      [`GET /api/user-cards/${ID}/gradings`]: () => ({ json: [grading({ status: 'failed', psaGrade: null, error: 'No card found' })] }),
    });
    render();
    expect(await screen.findByText('This card has no completed grading yet.')).toBeInTheDocument();
    // Why the last attempt failed is said here too (issue 24).
    expect(screen.getByText('The last grading failed')).toBeInTheDocument();
    expect(screen.getByText(/No card found/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Grade$/ })).toHaveAttribute('href', `/account/card/grade-card/${ID}`);
    expect(calls.some((c) => c.url.includes('/report'))).toBe(false);
  });

  it('shows a manual grading as entered by the collector, without photo evidence', async () => {
    mockApi({
      [`GET /api/user-cards/${ID}`]: () => ({ json: CARD }),
      [`GET /api/user-cards/${ID}/gradings`]: () => ({ json: [grading({ confidence: null })] }),
      'GET /api/gradings/GV-00000000A1/report': () => ({
        json: aManualReport({ corners: 9, edges: 8, surface: 9.5, frontCentering: 58, backCentering: 55 }),
      }),
      'GET /api/binders': () => ({ json: [] }),
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Your manual grading' })).toBeInTheDocument();
    expect(screen.getByText('Manual grading')).toBeInTheDocument();
    expect(screen.getByText('Not measured: entered by you')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Annotated front' })).not.toBeInTheDocument();
    expect(screen.getAllByText('(entered by you)')).toHaveLength(4);
  });

  it('saves notes and purchase price, an emptied price as null (spec §5)', async () => {
    const calls = mockApi({
      [`GET /api/user-cards/${ID}`]: () => ({ json: CARD }),
      [`GET /api/user-cards/${ID}/gradings`]: () => ({ json: [] }),
      [`PATCH /api/user-cards/${ID}`]: () => ({ json: CARD }),
    });
    render();
    const price = await screen.findByLabelText('Purchase price (USD)');
    expect(price).toHaveAttribute('step', '0.01');
    expect(price).toHaveValue(120);
    await userEvent.clear(price);
    await userEvent.type(screen.getByLabelText('Personal notes'), ', mint in binder');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'PATCH',
      url: `/api/user-cards/${ID}`,
      body: { personalNotes: 'From my brother, mint in binder', actualPurchasePrice: null },
    });
  });

  it('shows the server’s sentence when the card cannot be loaded', async () => {
    mockApi({
      [`GET /api/user-cards/${ID}`]: () => ({ status: 404, json: { message: 'Card not found' } }),
      [`GET /api/user-cards/${ID}/gradings`]: () => ({ status: 404, json: { message: 'Card not found' } }),
    });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Card not found');
  });
});
