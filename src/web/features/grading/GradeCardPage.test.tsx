import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TGrading } from '@contract/gradings';
import type { TUserCard } from '@contract/user-cards';
import { aGrading, aUserCard } from '@web/test/fixtures';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import GradeCardPage from './GradeCardPage';

afterEach(() => vi.unstubAllGlobals());

const ID = '20000000-0000-4000-8000-000000000001';
const card: TUserCard = aUserCard({
  id: ID,
  frontImageUrl: `/api/user-cards/${ID}/images/front`,
  backImageUrl: `/api/user-cards/${ID}/images/back`,
});
const failed = aGrading({
  gradingId: 'GV-0000000001',
  userCardId: ID,
  status: 'failed',
  progress: 10,
  error: 'Front photo: No card was found in the photo.',
  creditRefunded: true,
});

function render(user = testUser(), gradings: TGrading[] = [], extra: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    ...extra,
    [`GET /api/user-cards/${ID}`]: () => ({ json: card }),
    [`GET /api/user-cards/${ID}/gradings`]: () => ({ json: gradings }),
    [`POST /api/user-cards/${ID}/photos`]: () => ({ json: { ...card, frontImageUrl: `/api/user-cards/${ID}/images/front?v=ab12cd34` } }),
  });
  renderWithApp(<GradeCardPage />, { route: `/g/${ID}`, path: '/g/:id', user });
  return calls;
}

describe('grade card page', () => {
  it('with 0 credits on Starter, disables Start grading and says why, with a link to buy credits', async () => {
    render(testUser({ credits: 0 }));
    const start = await screen.findByRole('button', { name: 'Start grading' });
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription(/You have no grading credits left/);
    expect(screen.getByRole('link', { name: 'Buy credits' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/account\/checkout\/credits/),
    );
    expect(screen.getByText(/You have 0 credits\./)).toBeInTheDocument();
  });

  it('branches on the error code: insufficient_credits offers to buy credits, another 402 does not', async () => {
    const answer = (code: string) => ({
      [`POST /api/user-cards/${ID}/grade`]: () => ({ status: 402, json: { code, message: `Refused: ${code}` } }),
    });
    render(testUser({ credits: 1 }), [], answer('insufficient_credits'));
    fireEvent.click(await screen.findByRole('button', { name: 'Start grading' }));
    expect(await screen.findByText('No credits left')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy credits' })).toBeInTheDocument();
  });

  it('shows a payment refusal without the buy-credits link', async () => {
    render(testUser({ credits: 1 }), [], {
      [`POST /api/user-cards/${ID}/grade`]: () => ({ status: 402, json: { code: 'payment_declined', message: 'Declined.' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start grading' }));
    expect(await screen.findByText('Grading could not start')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Buy credits' })).not.toBeInTheDocument();
  });

  it('lets Pro and a Starter with a credit start, in the right words', async () => {
    render(testUser({ credits: 1 }));
    expect(await screen.findByRole('button', { name: 'Start grading' })).toBeEnabled();
    expect(screen.getByText(/You have 1 credit\./)).toBeInTheDocument();
    expect(screen.queryByText('You have no grading credits left')).not.toBeInTheDocument();
  });

  it('after a refused grading, says why and sends only the photos picked to replace them', async () => {
    const calls = render(testUser(), [failed]);
    expect(await screen.findByText(/No card was found in the photo/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Replace photos' }));
    const form = screen.getByRole('form', { name: 'Replace photos' });
    fireEvent.submit(form);
    expect(await screen.findByText(/Pick at least one new photo/)).toBeInTheDocument();
    const front = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'front.jpg', { type: 'image/jpeg' });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    fireEvent.change(screen.getByLabelText('Front', { selector: 'input' }), { target: { files: [front] } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new photos' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/photos'))).toBe(true));
    const body = calls.find((c) => c.url.endsWith('/photos'))!.body as FormData;
    expect([...body.keys()]).toEqual(['front']);
    expect(await screen.findByRole('button', { name: 'Replace photos' })).toBeInTheDocument();
  });
});
