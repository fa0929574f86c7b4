import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSyncEvent, TSyncLog } from '@contract/catalogue-sync';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import { DatabaseSyncMonitor, SyncDetailPage } from './index';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

beforeEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const BASE = '/api/admin/sync';
const ID1 = '00000000-0000-4000-8000-000000000001';
const ID2 = '00000000-0000-4000-8000-000000000002';
const ID3 = '00000000-0000-4000-8000-000000000003';
const admin = testUser({ role: 'admin' });

const log = (over: Partial<TSyncLog>): TSyncLog => ({
  id: ID1,
  type: 'full',
  status: 'running',
  startedAt: '2026-11-25T10:00:00.000Z',
  completedAt: null,
  totalRecords: 0,
  processedRecords: 0,
  errorCount: 0,
  lastError: null,
  metadata: {},
  ...over,
});

const monitor = () => renderWithApp(<DatabaseSyncMonitor />, { route: '/admin/database', user: admin });

describe('Database Sync Monitor (spec §2.7)', () => {
  it('shows the three start cards and the empty history; Auto Refresh is off', async () => {
    mockApi({ [`GET ${BASE}/logs`]: () => ({ json: [] }) });
    monitor();
    expect(await screen.findByText('No sync operations found')).toBeInTheDocument();
    for (const name of ['Sync Sets', 'Sync Cards', 'Full Sync']) expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Auto Refresh' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('empties the list when the logs fail to load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ [`GET ${BASE}/logs`]: () => ({ status: 500, json: { message: 'boom' } }) });
    monitor();
    expect(await screen.findByText('No sync operations found')).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('shows each run with its badge, actions, progress, errors and the page it stopped on', async () => {
    mockApi({
      [`GET ${BASE}/logs`]: () => ({
        json: [
          log({ id: ID1, type: 'cards', status: 'running', totalRecords: 19_653, processedRecords: 5000, metadata: { currentPage: 21 } }),
          log({
            id: ID2,
            type: 'full',
            status: 'failed',
            totalRecords: 19_822,
            processedRecords: 750,
            errorCount: 3,
            lastError: 'cards page 3 failed: HTTP 500',
            completedAt: '2026-11-25T10:05:00.000Z',
            metadata: { currentPage: 3 },
          }),
          log({ id: ID3, type: 'sets', status: 'cancelled', metadata: { currentPage: 1 } }),
        ],
      }),
    });
    monitor();
    const running = await screen.findByRole('listitem', { name: 'Cards Sync' });
    expect(within(running).getByText('Running')).toBeInTheDocument();
    expect(within(running).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(running).queryByRole('button', { name: 'Resume' })).toBeNull();
    expect(within(running).getByText('5,000/19,653 records')).toBeInTheDocument();
    expect(within(running).queryByText(/on page/)).toBeNull();
    expect(within(running).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', `/admin/database/sync/${ID1}`);

    const failed = screen.getByRole('listitem', { name: 'Full Sync' });
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(failed).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(within(failed).getByText('Errors: 3')).toBeInTheDocument();
    expect(within(failed).getByText('Failed on page 3: cards page 3 failed: HTTP 500')).toBeInTheDocument();

    const cancelled = screen.getByRole('listitem', { name: 'Sets Sync' });
    expect(within(cancelled).getByText('Cancelled on page 1')).toBeInTheDocument();
    // No total yet: no progress bar.
    expect(within(cancelled).queryByRole('progressbar')).toBeNull();
  });

  it('starts, cancels and resumes with the toasts of spec §8', async () => {
    const calls = mockApi({
      [`GET ${BASE}/logs`]: () => ({ json: [log({ id: ID1, status: 'running' }), log({ id: ID2, type: 'sets', status: 'failed' })] }),
      [`POST ${BASE}/start-sets`]: () => ({ json: { message: 'Sets sync started.' } }),
      [`POST ${BASE}/start-full`]: () => ({
        status: 409,
        json: { message: 'A sync is already running. Wait for it to finish or cancel it first.' },
      }),
      [`POST ${BASE}/cancel/${ID1}`]: () => ({ json: { message: '' } }),
      [`POST ${BASE}/resume/${ID2}`]: () => ({ status: 409, json: { message: 'nope' } }),
    });
    const user = userEvent.setup();
    monitor();
    await screen.findByRole('listitem', { name: 'Full Sync' });
    await user.click(screen.getByRole('button', { name: 'Start Sync Sets' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Sync Started', { description: 'Sets sync started.' }));
    await user.click(screen.getByRole('button', { name: 'Start Full Sync' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Sync Failed', {
        description: 'A sync is already running. Wait for it to finish or cancel it first.',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Sync Cancelled', { description: 'The sync operation has been cancelled.' }),
    );
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Resume Failed', { description: 'nope' }));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `${BASE}/start-sets`,
      `${BASE}/start-full`,
      `${BASE}/cancel/${ID1}`,
      `${BASE}/resume/${ID2}`,
    ]);
  });

  it('Auto Refresh fetches the history every 3 s once turned on', async () => {
    const calls = mockApi({ [`GET ${BASE}/logs`]: () => ({ json: [] }) });
    const user = userEvent.setup();
    monitor();
    await screen.findByText('No sync operations found');
    await new Promise((r) => setTimeout(r, 3200));
    expect(calls.length).toBe(1);
    await user.click(screen.getByRole('switch', { name: 'Auto Refresh' }));
    await waitFor(() => expect(calls.length).toBe(2), { timeout: 3500 });
  }, 10_000);
});

const detail = (id = ID1) =>
  renderWithApp(<SyncDetailPage />, {
    route: `/admin/database/sync/${id}`,
    path: '/admin/database/sync/:syncLogId',
    user: admin,
  });

const event = (n: number, over: Partial<TSyncEvent> = {}): TSyncEvent => ({
  id: String(n),
  eventType: 'info',
  message: `Event ${n}`,
  timestamp: '2026-11-25T10:00:00.000Z',
  details: null,
  ...over,
});

describe('Sync detail (spec §2.7)', () => {
  it('shows the overview, the Last Error box and the timeline with expandable details; Back to Dashboard', async () => {
    mockApi({
      [`GET ${BASE}/logs/${ID2}`]: () => ({
        json: log({
          id: ID2,
          type: 'full',
          status: 'failed',
          totalRecords: 200,
          processedRecords: 50,
          errorCount: 2,
          lastError: 'cards page 3 failed: HTTP 500',
          metadata: { currentPage: 3 },
        }),
      }),
      [`GET ${BASE}/events/${ID2}`]: () => ({
        json: [event(1), event(2, { eventType: 'error', message: 'Sync failed on cards page 3', details: { page: 3 } })],
      }),
    });
    const user = userEvent.setup();
    detail(ID2);
    expect(await screen.findByRole('heading', { name: 'Sync Details - Full Population' })).toBeInTheDocument();
    expect(screen.getByText('Records Processed').nextSibling).toHaveTextContent('50');
    expect(screen.getByText('Total Records').nextSibling).toHaveTextContent('200');
    expect(screen.getByText('Progress').nextSibling).toHaveTextContent('25%');
    expect(screen.getByText('Errors').nextSibling).toHaveTextContent('2');
    expect(screen.getByRole('alert')).toHaveTextContent('Last Error');
    expect(screen.getByRole('alert')).toHaveTextContent('cards page 3 failed: HTTP 500');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Event Timeline (2 events)' })).toBeInTheDocument();
    expect(screen.getByText('Sync failed on cards page 3')).toBeInTheDocument();
    await user.click(screen.getByText('Details'));
    expect(screen.getByText(/"page": 3/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/database');
  });

  it('says when there are no events, and refreshes every 2 s only while running', async () => {
    let status: TSyncLog['status'] = 'running';
    const calls = mockApi({
      [`GET ${BASE}/logs/${ID1}`]: () => ({ json: log({ status }) }),
      [`GET ${BASE}/events/${ID1}`]: () => ({ json: [] }),
    });
    const user = userEvent.setup();
    detail();
    expect(await screen.findByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(await screen.findByText('No events found for this sync operation')).toBeInTheDocument();
    const logCalls = () => calls.filter((c) => c.url === `${BASE}/logs/${ID1}`).length;
    await waitFor(() => expect(logCalls()).toBe(2), { timeout: 3000 });
    // Paused: no more fetches.
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    const paused = logCalls();
    await new Promise((r) => setTimeout(r, 2300));
    expect(logCalls()).toBe(paused);
    // Resumed, and the run completes: the refreshing stops by itself, and a finished run offers no Pause.
    status = 'completed';
    await user.click(screen.getByRole('button', { name: 'Auto refresh' }));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Auto refresh' })).toBeNull();
    const settled = logCalls();
    await new Promise((r) => setTimeout(r, 2300));
    expect(logCalls()).toBe(settled);
  }, 15_000);

  it('fetches the timeline once more when the run ends, so the last events written with the final status show (issue 24.9)', async () => {
    let ended = false;
    let written = [event(1)];
    const final = [event(1), event(2), event(3, { eventType: 'success', message: 'Full sync completed' })];
    const calls = mockApi({
      [`GET ${BASE}/logs/${ID1}`]: async () => {
        if (!ended) return { json: log({ status: 'running', metadata: { currentPage: 79 } }) };
        // The run ends while this poll is under way: the timeline read of the same poll still got the old events.
        await new Promise((r) => setTimeout(r, 300));
        written = final;
        return { json: log({ status: 'completed', metadata: { currentPage: 79 } }) };
      },
      [`GET ${BASE}/events/${ID1}`]: () => ({ json: written }),
    });
    detail();
    expect(await screen.findByRole('heading', { name: 'Event Timeline (1 events)' })).toBeInTheDocument();
    expect(screen.getByText('Current Page').nextSibling).toHaveTextContent('79');
    const eventCalls = () => calls.filter((c) => c.url === `${BASE}/events/${ID1}`).length;
    const beforeEnd = eventCalls();
    ended = true;
    await waitFor(() => expect(screen.getByText('Full sync completed')).toBeInTheDocument(), { timeout: 5000 });
    expect(screen.getByRole('heading', { name: 'Event Timeline (3 events)' })).toBeInTheDocument();
    expect(eventCalls()).toBeGreaterThan(beforeEnd);
    const settled = eventCalls();
    await new Promise((r) => setTimeout(r, 2300));
    expect(eventCalls()).toBe(settled);
  }, 15_000);
});
