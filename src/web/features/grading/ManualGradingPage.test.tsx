import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TGrading } from '@contract/gradings';
import { MANUAL_GRADING_BUSY_MESSAGE, type TManualGradeRequest } from '@contract/manual-grade';
import type { TUserCard } from '@contract/user-cards';
import { aGrading, aManualGradePreview, aManualReport, anEngineReport, aUserCard } from '@web/test/fixtures';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import CardProfilePage from './CardProfilePage';
import ManualGradingPage from './ManualGradingPage';

afterEach(() => vi.unstubAllGlobals());

const CARD_ID = '20000000-0000-4000-8000-000000000001';
const OTHER_ID = '20000000-0000-4000-8000-000000000002';

const userCard = (id = CARD_ID, over: Partial<TUserCard> = {}): TUserCard =>
  aUserCard({ id, cardName: id === CARD_ID ? 'Charizard' : 'Blastoise', cardNumber: id === CARD_ID ? '4' : '2', ...over });
const grading = (over: Partial<TGrading> = {}): TGrading =>
  aGrading({
    gradingId: 'GV-ENGINE0001',
    userCardId: CARD_ID,
    status: 'completed',
    progress: 100,
    currentStep: 'Completed',
    completedAt: '2026-11-01T10:01:00.000Z',
    psaGrade: 8,
    bgsGrade: 8.5,
    cgcGrade: 8.5,
    centeringScore: 9,
    cornersScore: 8.5,
    edgesScore: 9,
    surfaceScore: 9.5,
    confidence: 0.88,
    recommendedPlatform: 'PSA',
    psaEstimatedValue: '40.00',
    bgsEstimatedValue: '35.00',
    cgcEstimatedValue: '30.00',
    ...over,
  });
const engineBase = anEngineReport();
/** A measured face: only the shares matter to the prefill. */
const measured = {
  measurable: true as const,
  horizontalRatio: '',
  verticalRatio: '',
  uncertainty: { horizontal: 0, vertical: 0 },
  bordersMm: { left: 0, right: 0, top: 0, bottom: 0 },
  spreadMm: { left: 0, right: 0, top: 0, bottom: 0 },
};
const engineReport = anEngineReport({
  psaLabel: 'NM-MT 8',
  bgsLabel: 'NM-MT+',
  cgcLabel: 'NM/Mint+',
  confidence: 88,
  centeringDecisionLog: {
    ...engineBase.centeringDecisionLog,
    score: 9,
    confidence: 90,
    front: { ...measured, horizontal: 42.04, vertical: 51 },
    back: { ...measured, horizontal: 50, vertical: 66 },
  },
});
const manualReport = (input: TManualGradeRequest) =>
  aManualReport(input, { basedOnGradingId: 'GV-ENGINE0001', psaLabel: 'NM 7', bgsLabel: 'NM+', cgcLabel: 'Near Mint+' });

const renderExisting = () =>
  renderWithApp(<ManualGradingPage />, {
    route: `/account/manual-grading/${CARD_ID}`,
    path: '/account/manual-grading/:cardId',
    user: testUser(),
  });
const renderNew = () =>
  renderWithApp(<ManualGradingPage />, { route: '/account/manual-grading', path: '/account/manual-grading', user: testUser() });
const saveButton = () => screen.getByRole('button', { name: 'Save manual grading' });

describe('manual grading of an existing card', () => {
  it('prefills from the engine grading, previews, saves for free and goes to the card profile', async () => {
    const saved = grading({ gradingId: 'GV-MANUAL0001', psaGrade: 7, confidence: null });
    const calls = mockApi({
      [`GET /api/user-cards/${CARD_ID}`]: () => ({ json: userCard() }),
      [`GET /api/user-cards/${CARD_ID}/gradings`]: () => ({ json: [grading()] }),
      'GET /api/gradings/GV-ENGINE0001/report': () => ({ json: engineReport }),
      'POST /api/grading/manual-grade': (body) => ({
        json: aManualGradePreview((body as TManualGradeRequest).corners === 7 ? { psaGrade: 7, psaLabel: 'NM 7' } : {}),
      }),
      [`POST /api/user-cards/${CARD_ID}/manual-grading`]: () => ({ status: 201, json: saved }),
    });
    renderExisting();
    expect(await screen.findByText('Charizard · Base #4')).toBeInTheDocument();
    // Sub-grades from the grading, centering as the worse axis of each face from its report.
    await waitFor(() => expect(screen.getByLabelText('Front centering')).toHaveValue(58));
    expect(screen.getByLabelText('Back centering')).toHaveValue(66);
    expect(screen.getByLabelText('Corners')).toHaveValue('8.5');
    expect(screen.getByLabelText('Edges')).toHaveValue('9');
    expect(screen.getByLabelText('Surface')).toHaveValue('9.5');
    expect(screen.getByText(/Filled in from the grading of your photos, GV-ENGINE0001/)).toBeInTheDocument();
    expect(await screen.findByLabelText('PSA 8')).toBeInTheDocument();
    expect(screen.getByText(/Free: manual grading uses no credits/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Corners'), { target: { value: '7' } });
    expect(await screen.findByLabelText('PSA 7')).toBeInTheDocument();
    await waitFor(() => expect(saveButton()).toBeEnabled());
    fireEvent.click(saveButton());

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/account/collection/card-profile/${CARD_ID}`));
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/manual-grading'));
    expect(post?.body).toEqual({ corners: 7, edges: 9, surface: 9.5, frontCentering: 58, backCentering: 66 });
  });

  it('prefills exactly what was entered when the latest grading is a manual one', async () => {
    const input = { corners: 7, edges: 9, surface: 9.5, frontCentering: 61.5, backCentering: null };
    mockApi({
      [`GET /api/user-cards/${CARD_ID}`]: () => ({ json: userCard() }),
      [`GET /api/user-cards/${CARD_ID}/gradings`]: () => ({ json: [grading({ gradingId: 'GV-MANUAL0001', confidence: null }), grading()] }),
      'GET /api/gradings/GV-MANUAL0001/report': () => ({ json: manualReport(input) }),
      'POST /api/grading/manual-grade': () => ({ json: aManualGradePreview() }),
    });
    renderExisting();
    await waitFor(() => expect(screen.getByLabelText('Front centering')).toHaveValue(61.5));
    expect(screen.getByLabelText('Back centering')).toHaveValue(null);
    expect(screen.getByLabelText('Corners')).toHaveValue('7');
    expect(screen.getByText(/Filled in from your manual grading, GV-MANUAL0001/)).toBeInTheDocument();
  });

  it('shows the server message when saving fails, and a bad value at its field', async () => {
    mockApi({
      [`GET /api/user-cards/${CARD_ID}`]: () => ({ json: userCard() }),
      [`GET /api/user-cards/${CARD_ID}/gradings`]: () => ({ json: [grading()] }),
      'GET /api/gradings/GV-ENGINE0001/report': () => ({ json: engineReport }),
      'POST /api/grading/manual-grade': (body) =>
        (body as TManualGradeRequest).frontCentering === 40
          ? { status: 400, json: { message: 'Give the larger share, 50 to 100', field: 'frontCentering' } }
          : { json: aManualGradePreview() },
      [`POST /api/user-cards/${CARD_ID}/manual-grading`]: () => ({ status: 409, json: { message: MANUAL_GRADING_BUSY_MESSAGE } }),
    });
    renderExisting();
    await waitFor(() => expect(saveButton()).toBeEnabled());
    fireEvent.click(saveButton());
    expect(await screen.findByText(MANUAL_GRADING_BUSY_MESSAGE)).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('location')).toHaveTextContent(`/account/manual-grading/${CARD_ID}`);

    fireEvent.change(screen.getByLabelText('Front centering'), { target: { value: '40' } });
    // The old save error goes; the field carries the server's message.
    await waitFor(() => expect(screen.getByLabelText('Front centering')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByText(MANUAL_GRADING_BUSY_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByText('Give the larger share, 50 to 100')).toHaveAttribute(
      'id',
      screen.getByLabelText('Front centering').getAttribute('aria-describedby')!.split(' ')[1],
    );
    expect(screen.getByText('Fix the highlighted value to see the grades.')).toBeInTheDocument();
  });

  it('warns and does not offer Save while the card is still being graded', async () => {
    mockApi({
      [`GET /api/user-cards/${CARD_ID}`]: () => ({ json: userCard() }),
      [`GET /api/user-cards/${CARD_ID}/gradings`]: () => ({
        json: [grading({ gradingId: 'GV-RUNNING001', status: 'processing', progress: 40, completedAt: null }), grading()],
      }),
      'GET /api/gradings/GV-ENGINE0001/report': () => ({ json: engineReport }),
      'POST /api/grading/manual-grade': () => ({ json: aManualGradePreview() }),
    });
    renderExisting();
    expect(await screen.findByText(/This card is still being graded/)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });
});

describe('manual grading in new-card mode', () => {
  it('lets the collector pick a card from the collection, or points to adding one', async () => {
    const calls = mockApi({
      'GET /api/user-cards': () => ({ json: [userCard(), userCard(OTHER_ID)] }),
      [`GET /api/user-cards/${OTHER_ID}`]: () => ({ json: userCard(OTHER_ID) }),
      [`GET /api/user-cards/${OTHER_ID}/gradings`]: () => ({ json: [] }),
      'POST /api/grading/manual-grade': () => ({ json: aManualGradePreview() }),
      [`POST /api/user-cards/${OTHER_ID}/manual-grading`]: () => ({
        status: 201,
        json: grading({ userCardId: OTHER_ID, gradingId: 'GV-MANUAL0002' }),
      }),
    });
    renderNew();
    expect(await screen.findByLabelText('PSA 8')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Add a card first' })).toHaveAttribute('href', '/account/card/add-card');
    const picker = screen.getByLabelText('Card');
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(picker, { target: { value: OTHER_ID } });
    expect(await screen.findByText('This card has no grading yet: enter what you see.')).toBeInTheDocument();
    await waitFor(() => expect(saveButton()).toBeEnabled());
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/account/collection/card-profile/${OTHER_ID}`));
    expect(calls.some((c) => c.method === 'POST' && c.url === `/api/user-cards/${OTHER_ID}/manual-grading`)).toBe(true);
  });

  it('explains an empty collection', async () => {
    mockApi({ 'GET /api/user-cards': () => ({ json: [] }), 'POST /api/grading/manual-grade': () => ({ json: aManualGradePreview() }) });
    renderNew();
    expect(await screen.findByText(/Your collection is empty/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a card first' })).toHaveAttribute('href', '/account/card/add-card');
  });
});

describe('the card profile of a manually graded card', () => {
  it('labels it Manual grading and shows no engine evidence', async () => {
    const calls = mockApi({
      [`GET /api/user-cards/${CARD_ID}`]: () => ({ json: userCard() }),
      [`GET /api/user-cards/${CARD_ID}/gradings`]: () => ({
        json: [grading({ gradingId: 'GV-MANUAL0001', confidence: null, psaGrade: 7 }), grading()],
      }),
      'GET /api/gradings/GV-MANUAL0001/report': () => ({
        json: manualReport({ corners: 7, edges: 9, surface: 9.5, frontCentering: 55, backCentering: 60 }),
      }),
      'GET /api/binders': () => ({ json: [] }),
    });
    renderWithApp(<CardProfilePage />, {
      route: `/account/collection/card-profile/${CARD_ID}`,
      path: '/account/collection/card-profile/:id',
      user: testUser(),
    });
    expect(await screen.findByText('Manual grading')).toBeInTheDocument();
    expect(screen.getByText('Not measured: entered by you')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your manual grading' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /^Corners: 7/ })).toHaveTextContent('(entered by you)');
    expect(screen.getByText(/No photo evidence for a manual grading/)).toHaveTextContent('You started from grading GV-ENGINE0001.');
    expect(screen.queryByText('Evidence')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/images/'))).toBe(false);
  });
});
