import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TTestDetectionResponse } from '@contract/test-detection';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import TestDetectionPage from './TestDetectionPage';
import { photoCheckRows } from './test-detection/PhotoChecks';

const PIXEL =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

const result = (over: Partial<TTestDetectionResponse> = {}): TTestDetectionResponse => ({
  face: 'back',
  photo: { width: 1300, height: 1733 },
  corners: [
    { x: 252, y: 175 },
    { x: 1198, y: 228 },
    { x: 1213, y: 1598 },
    { x: 150, y: 1577 },
  ],
  checks: {
    resolution: { pxPerMm: 15.93, minPxPerMm: 6, goodPxPerMm: 10, status: 'good' },
    sharpness: { edgeWidthPx: 3.15, edgeWidthMm: 0.2, maxEdgeWidthPx: 6.37, status: 'fair' },
    glare: { saturatedPercent: 0, maxSaturatedPercent: 1.5, status: 'good' },
    edgeTrace: { residualPx: 0.18, maxResidualPx: 1.5, contrast: 148, status: 'good' },
    rotationDeg: 2.2,
    perspectivePercent: 6,
    cardAreaPercent: 56.8,
    holder: null,
  },
  centering: {
    measurable: true,
    horizontal: 46.65,
    vertical: 43.49,
    horizontalRatio: '46.6/53.4',
    verticalRatio: '43.5/56.5',
    uncertainty: { horizontal: 0.21, vertical: 0.21 },
    bordersMm: { left: 2.51, right: 2.87, top: 2.28, bottom: 2.97 },
    spreadMm: { left: 0.02, right: 0.02, top: 0.02, bottom: 0.01 },
    psaCenteringCap: 9,
    psaTenLimit: '75/25',
  },
  images: { outline: PIXEL, rectified: PIXEL, rectifiedPxPerMm: 7, rectifiedMarginMm: 1.5 },
  cardSizeMm: { width: 63, height: 88 },
  durationMs: 420,
  ...over,
});

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'card.jpg', { type: 'image/jpeg' });
const render = () =>
  renderWithApp(<TestDetectionPage />, { route: '/account/test-detection', path: '/account/test-detection', user: testUser() });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('test detection screen', () => {
  it('sends the photo and side, shows "Finding the card…", then the outline, the straightened card, centering and checks', async () => {
    let answer: (v: { json: unknown }) => void = () => {};
    const calls = mockApi({ 'POST /api/grading/test-detection': () => new Promise((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Test card detection' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Check this photo/ })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Back' }));
    await user.upload(screen.getByLabelText('Card photo'), photo());

    expect(await screen.findByText('Finding the card…')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    const sent = calls[0].body as FormData;
    expect(sent.get('face')).toBe('back');
    expect((sent.get('photo') as File).name).toBe('card.jpg');
    answer({ json: result() });

    expect(await screen.findByRole('heading', { name: 'Card found: this back photo can be graded' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /The card's back as you took it, with the card outline/ })).toHaveAttribute('src', PIXEL);
    expect(screen.getByRole('img', { name: 'The back of the card straightened to 63 × 88 mm' })).toBeInTheDocument();
    const centering = screen.getByRole('region', { name: 'Centering' });
    expect(within(centering).getByText('46.6/53.4')).toBeInTheDocument();
    expect(within(centering).getByText('43.5/56.5')).toBeInTheDocument();
    expect(within(centering).getByText('2.51 mm')).toBeInTheDocument();
    expect(within(centering).getByText('2.97 mm')).toBeInTheDocument();
    expect(centering).toHaveTextContent("On its own, this back's centering allows up to PSA 9: PSA 10 needs 75/25 or better on the back.");
    const checks = screen.getByRole('region', { name: 'Photo checks' });
    expect(within(checks).getByText('15.9 px per mm')).toBeInTheDocument();
    expect(within(checks).getByText('Edges 3.1 px wide (0.20 mm)')).toBeInTheDocument();
    expect(within(checks).getByText('2.2° clockwise')).toBeInTheDocument();
    expect(within(checks).getAllByRole('img', { name: 'Could be better' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Add this card' })).toHaveAttribute('href', '/account/card/add-card');

    const frame = screen.getByRole('checkbox', { name: 'Show the centering frame' });
    expect(frame).toBeChecked();
    await user.click(frame);
    expect(frame).not.toBeChecked();
  });

  it('explains a refusal in plain words with tips, and lets the collector try again', async () => {
    mockApi({
      'POST /api/grading/test-detection': () => ({
        status: 422,
        json: { code: 'image_rejected', refusal: 'no_card_found', message: 'Front photo: No card was found in the photo.' },
      }),
    });
    const user = userEvent.setup();
    render();
    await user.upload(screen.getByLabelText('Card photo'), photo());
    expect(await screen.findByRole('heading', { name: 'We could not find a card in this photo' })).toBeInTheDocument();
    expect(screen.getByText(/Front photo: No card was found in the photo\./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How to retake it' })).toBeInTheDocument();
    expect(screen.getByText(/contrasts with its border/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try another photo' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'We could not find a card in this photo' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'What you will see' })).toBeInTheDocument();
  });

  it.each([
    ['too_blurry', 'The photo is too blurry to measure', /Tap the card on your screen to focus/],
    ['glare', 'Glare washes out part of the card', /Turn off the flash/],
    ['card_cut_off', 'Part of the card is outside the photo', /all four corners/],
    ['image_too_small', 'The photo is too small to measure the card', /not a screenshot/],
  ])('has its own words for %s', async (code, title, tip) => {
    mockApi({
      'POST /api/grading/test-detection': () => ({
        status: 422,
        json: { code: 'image_rejected', refusal: code, message: 'Engine sentence.' },
      }),
    });
    render();
    await userEvent.setup().upload(screen.getByLabelText('Card photo'), photo());
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(tip)).toBeInTheDocument();
  });

  it("shows the server's sentence for a file that is not a photo", async () => {
    mockApi({
      'POST /api/grading/test-detection': () => ({ status: 415, json: { message: 'The photo is not a JPEG, PNG, WebP or HEIC image.' } }),
    });
    render();
    await userEvent.setup().upload(screen.getByLabelText('Card photo'), photo());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This photo could not be checked');
    expect(alert).toHaveTextContent('The photo is not a JPEG, PNG, WebP or HEIC image.');
  });

  it('says why centering was not measured', async () => {
    mockApi({
      'POST /api/grading/test-detection': () => ({
        json: result({
          face: 'front',
          centering: { measurable: false, reason: 'No print frame was found: the card looks borderless (full art).' },
        }),
      }),
    });
    render();
    await userEvent.setup().upload(screen.getByLabelText('Card photo'), photo());
    expect(await screen.findByText('Not measurable on this photo')).toBeInTheDocument();
    expect(screen.getByText(/looks borderless/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Show the centering frame' })).not.toBeInTheDocument();
  });
});

describe('photo check wording', () => {
  it('names the limit and what to change when a check could be better', () => {
    const rows = photoCheckRows({
      ...result().checks,
      resolution: { pxPerMm: 7.2, minPxPerMm: 6, goodPxPerMm: 10, status: 'fair' },
      glare: { saturatedPercent: 0.9, maxSaturatedPercent: 1.5, status: 'fair' },
      rotationDeg: -3.5,
      perspectivePercent: 14,
    });
    const by = (name: string) => rows.find((r) => r.name === name)!;
    expect(by('Resolution').note).toMatch(/minimum is 6.*from 10 px per mm: move closer/);
    expect(by('Glare')).toMatchObject({ status: 'fair', value: '0.90% washed out' });
    expect(by('Rotation').value).toBe('3.5° anticlockwise');
    expect(by('Perspective').status).toBe('fair');
    expect(by('Holder')).toBeUndefined();
  });

  it('says a card in a sleeve or toploader was measured through it, by its own outline', () => {
    const rows = photoCheckRows({ ...result().checks, holder: 'toploader' });
    expect(rows.find((r) => r.name === 'Holder')).toMatchObject({ status: 'fair', value: 'In a toploader' });
    expect(rows.find((r) => r.name === 'Holder')!.note).toMatch(/card's own outline.*not the toploader's.*take the card out/);
  });
});
