import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAdminSubmission, TImageAdjustment } from '@contract/admin';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import SubmissionsTab from './SubmissionsTab';
import { durationSeconds } from './report/ProcessingPanels';
import { REPORT_TABS } from './report/GradingReportDialog';
import { pathAnswer, PREFIX, report } from './test-data';

afterEach(() => vi.unstubAllGlobals());

const sub = (n: number, over: Partial<TAdminSubmission> = {}): TAdminSubmission => ({
  id: `10000000-0000-4000-8000-00000000000${n}`,
  gradingId: `GV-00000000A${n}`,
  cardName: `Card ${n}`,
  rarity: 'Rare Holo',
  cardSet: 'Base',
  cardNumber: String(n),
  user: { username: 'misty' },
  createdAt: '2026-11-20T10:00:00.000Z',
  status: 'completed',
  ...over,
});
const list = (items: TAdminSubmission[]) => ({ json: { items, page: 1, pageSize: 25, hasMore: false } });
const adjustment = (face: string, step: number, type: string): TImageAdjustment => ({
  id: `${face}-${step}`,
  adjustmentStep: step,
  adjustmentType: type,
  adjustmentDescription: `${type} of the ${face}`,
  originalImageType: face,
  adjustedImageUrl: `/img/${face}-${step}`,
  createdAt: '2026-11-20T10:00:01.000Z',
  annotations: step === 2 ? [{ id: 'a1', severity: 'moderate', annotationText: 'scratch at 3, 4 mm' }] : [],
});
const steps = [
  {
    id: 's1',
    stepNumber: 1,
    stepName: 'front: decode',
    stepDescription: 'Decoded the photo',
    status: 'completed',
    stepResults: { widthPx: 1200 },
    startTime: '2026-11-20T10:00:00.000Z',
    endTime: '2026-11-20T10:00:01.234Z',
  },
];
const render = () => renderWithApp(<SubmissionsTab />, { user: testUser({ role: 'admin' }) });

function mockReport(full: boolean) {
  const g = 'GV-00000000A1';
  const grouped = full
    ? {
        front: [adjustment('front', 0, 'original'), adjustment('front', 1, 'perspective-correction'), adjustment('front', 2, 'annotation')],
      }
    : {};
  return mockApi({
    ...pathAnswer,
    [`GET ${PREFIX}/submissions`]: () =>
      list([sub(1), sub(2, { status: 'processing', user: null }), sub(3, { status: 'pending' }), sub(4, { status: 'failed' })]),
    [`GET ${PREFIX}/grading-reports/${g}`]: () => ({
      json: full
        ? report()
        : report({
            centeringDecisionLog: null,
            cornersDecisionLog: null,
            edgesDecisionLog: null,
            surfaceDecisionLog: null,
            frontAnnotatedImageUrl: null,
          }),
    }),
    [`GET ${PREFIX}/grading/${g}/audit-trail`]: () => ({
      json: full ? { adjustments: grouped.front ?? [], analysisSteps: steps } : { adjustments: [], analysisSteps: [] },
    }),
    [`GET ${PREFIX}/grading/${g}/adjustments-grouped`]: () => ({ json: grouped }),
    [`GET ${PREFIX}/grading/${g}/analysis-steps`]: () => ({ json: full ? steps : [] }),
  });
}

describe('Card Submissions (§2.7)', () => {
  it('shows every field and badge, Unknown user, View Details only when completed, and filters by status on the server', async () => {
    const calls = mockReport(true);
    render();
    expect(screen.getByText('Card Submissions')).toBeInTheDocument();
    const rows = within(await screen.findByRole('list', { name: 'Submissions' })).getAllByRole('listitem');
    expect(within(rows[0]).getByText('Complete')).toBeInTheDocument();
    expect(within(rows[0]).getByText('GV-00000000A1')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Rare Holo')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Processing')).toBeInTheDocument();
    expect(within(rows[1]).getByText(/Unknown/)).toBeInTheDocument();
    expect(within(rows[2]).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[2]).queryByText('Failed')).toBeNull();
    // Issue 24.7: spec §2.7's word stays, and a failed grading says it failed beside it.
    expect(within(rows[3]).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[3]).getByText('Failed')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /View Details/ })).toHaveLength(1);
    await userEvent.selectOptions(screen.getByLabelText('Filter by status'), 'processing');
    await waitFor(() => expect(calls.some((c) => c.url.includes('status=processing'))).toBe(true));
  });

  it("says 'No submissions found' when empty", async () => {
    mockApi({ ...pathAnswer, [`GET ${PREFIX}/submissions`]: () => list([]) });
    render();
    expect(await screen.findByText('No submissions found')).toBeInTheDocument();
  });

  it('opens the report with its six tabs and their contents', async () => {
    mockReport(true);
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'View Details of GV-00000000A1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detailed Grading Report' });
    expect((await within(dialog).findAllByRole('tab')).map((t) => t.textContent)).toEqual([...REPORT_TABS]);
    // Overview: circles, values, details with N/A, images.
    expect(within(dialog).getByLabelText('PSA 9')).toBeInTheDocument();
    expect(within(dialog).getByText('PSA Value').nextSibling).toHaveTextContent('$420.00');
    // The fee arithmetic (issue 24.4): value − fee = net per company, against the raw value.
    const fees = within(dialog).getByRole('region', { name: 'Value after grading fees' });
    expect(within(fees).getByRole('row', { name: /^PSA/ })).toHaveTextContent('PSA$420.00−$25.00= $395.00');
    expect(within(fees).getByRole('row', { name: /^Raw/ })).toHaveTextContent('$190.91');
    expect(within(fees).getByTestId('grading-verdict')).toHaveTextContent(
      'PSA leaves the most after its fee: $395.00, $204.09 more than the raw value.',
    );
    expect(within(dialog).getByText('87%')).toBeInTheDocument();
    expect(within(dialog).getByText('Recommended Platform').nextSibling).toHaveTextContent('N/A');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open Front full size' }));
    expect(await screen.findByRole('dialog', { name: 'Front' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Decision Logs' }));
    expect(within(dialog).getByText('Centering Analysis')).toBeInTheDocument();
    expect(within(dialog).getByText('Edges look clean.')).toBeInTheDocument();
    expect(within(dialog).getByText('55/45')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Visual Markers' }));
    expect(within(dialog).getByText('moderate scratch 3 mm')).toBeInTheDocument();
    expect(within(dialog).getByText('No significant issues detected on back side')).toBeInTheDocument();
    expect(within(dialog).getByText('Centering marker: Left/Right')).toBeInTheDocument();
    expect(within(dialog).getByText('Light wear', { exact: false })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Audit Trail' }));
    expect(within(dialog).getByText('Defect Annotations').nextSibling).toHaveTextContent('1');
    expect(within(dialog).getByText('scratch at 3, 4 mm')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Image Adjustments' }));
    const versions = within(dialog)
      .getAllByText(/^(Original|Step \d)$/)
      .map((e) => e.textContent);
    expect(versions).toEqual(['Original', 'Step 1', 'Step 2']);
    expect(within(dialog).getByText('Type: perspective-correction')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Analysis Steps' }));
    expect(within(dialog).getByText('front: decode')).toBeInTheDocument();
    expect(within(dialog).getByText(/Duration: 1.23s/)).toBeInTheDocument();
  }, 30_000);

  it('shows every empty text on a grading without those parts', async () => {
    mockReport(false);
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'View Details of GV-00000000A1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detailed Grading Report' });
    await userEvent.click(await within(dialog).findByRole('tab', { name: 'Visual Markers' }));
    expect(within(dialog).getByText('No significant issues detected on front side')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Audit Trail' }));
    expect(await within(dialog).findByText('No audit trail data available')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Image Adjustments' }));
    expect(await within(dialog).findByText('No image adjustments found for this grading')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Analysis Steps' }));
    expect(await within(dialog).findByText('No analysis steps found for this grading')).toBeInTheDocument();
  }, 30_000);

  it("says 'No grading details available' when the report is missing", async () => {
    mockApi({
      ...pathAnswer,
      [`GET ${PREFIX}/submissions`]: () => list([sub(1)]),
      [`GET ${PREFIX}/grading-reports/GV-00000000A1`]: () => ({ status: 404, json: { message: 'No grading details available' } }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'View Details of GV-00000000A1' }));
    expect(await within(await screen.findByRole('dialog')).findByText('No grading details available')).toBeInTheDocument();
  });

  it('computes durations in seconds with 2 decimals', () => {
    expect(durationSeconds('2026-01-01T00:00:00.000Z', '2026-01-01T00:00:02.5Z')).toBe('2.50s');
    expect(durationSeconds(null, null)).toBe('N/A');
  });
});
