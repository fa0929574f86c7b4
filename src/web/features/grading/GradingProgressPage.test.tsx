import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TGrading } from '@contract/gradings';
import { aGrading, aUserCard } from '@web/test/fixtures';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import GradingProgressPage, { STEPS } from './GradingProgressPage';

afterEach(() => vi.unstubAllGlobals());

const CARD_ID = '20000000-0000-4000-8000-000000000001';
const grading = (over: Partial<TGrading>): TGrading => aGrading({ userCardId: CARD_ID, status: 'processing', progress: 50, ...over });
const card = aUserCard({ id: CARD_ID });

async function stepStates(g: TGrading) {
  mockApi({
    [`GET /api/user-cards/${CARD_ID}`]: () => ({ json: card }),
    [`GET /api/user-cards/${CARD_ID}/gradings`]: () => ({ json: [g] }),
  });
  renderWithApp(<GradingProgressPage />, { route: `/p/${CARD_ID}`, path: '/p/:userCardId', user: testUser() });
  const list = await screen.findByRole('list', { name: 'Analysis steps' });
  return within(list)
    .getAllByRole('listitem')
    .map((li) => (li.textContent.includes('(done)') ? 'done' : li.textContent.includes('(running)') ? 'running' : 'todo'));
}

describe('grading progress steps', () => {
  it('keeps every engine step checked at 95 % while the evidence images are saved', async () => {
    const states = await stepStates(grading({ progress: 95, currentStep: 'Saving evidence images' }));
    expect(states).toHaveLength(STEPS.length);
    expect(states.slice(0, -1).every((s) => s === 'done')).toBe(true);
    expect(states.at(-1)).toBe('running');
  });

  it('checks the steps up to the one reported and marks the next one running', async () => {
    const states = await stepStates(grading({ progress: 40, currentStep: 'front: surface' }));
    const i = STEPS.indexOf('front: surface');
    expect(states.slice(0, i + 1).every((s) => s === 'done')).toBe(true);
    expect(states[i + 1]).toBe('running');
    expect(states.slice(i + 2).every((s) => s === 'todo')).toBe(true);
  });
});
