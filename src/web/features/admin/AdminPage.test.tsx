import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import { RequireAuth } from '@web/app/RequireAuth';
import AdminPage, { ACCESS_DENIED, ADMIN_TABS, LOADING_TEXT, syncLogIdOfPath, tabOfPath } from './AdminPage';
import { pathAnswer, PREFIX } from './test-data';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const stats = {
  totalUsers: 12345,
  totalCards: 20,
  totalGradings: 7,
  totalCreditsIssued: 300,
  totalRevenue: 19.99,
  recentActivity: [
    { id: 'g1', kind: 'grading', description: 'Grading GV-1: Charizard', status: 'completed', createdAt: '2026-11-20T10:00:00.000Z' },
  ],
  system: {
    status: 'down',
    database: { status: 'ok', detail: 'PostgreSQL connected, 1.2 ms' },
    api: { status: 'ok', detail: 'Event-loop delay 1 ms' },
    server: { status: 'ok', detail: 'Running 5 s' },
    jobQueue: { status: 'down', detail: '3 waiting; the oldest has waited since …' },
    imageStore: { status: 'ok', detail: 'Files reachable' },
  },
};
const admin = testUser({ role: 'admin', username: 'oak' });
const render = (route: string, user = admin) => renderWithApp(<AdminPage />, { route, path: '/admin/*', user });

describe('admin shell (§2.7)', () => {
  it('shows Access Denied to a collector and asks nothing of the admin API', () => {
    const calls = mockApi({});
    render('/admin', testUser());
    expect(screen.getByText(ACCESS_DENIED)).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/admin'))).toHaveLength(0);
  });

  it('shows the loading text while the admin path loads', () => {
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    render('/admin');
    expect(screen.getByText(LOADING_TEXT)).toBeInTheDocument();
  });

  it('shows header, welcome line, Logout and the seven tabs; /admin/{hash} is the Overview with live checks', async () => {
    const calls = mockApi({ ...pathAnswer, [`GET ${PREFIX}/stats`]: () => ({ json: stats }) });
    render('/admin/h4sh-h4sh-h4sh-h4sh');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, oak')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(ADMIN_TABS.map((t) => t.label));
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('12,345')).toBeInTheDocument();
    for (const label of ['Total Users', 'Total Cards', 'Total Gradings', 'Credits Issued', 'Recent Activity', 'System Info'])
      expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByText('$19.99')).toBeInTheDocument();
    expect(within(screen.getByText('Database', { selector: 'span' }).closest('li')!).getByText('Connected')).toBeInTheDocument();
    expect(screen.getByText('Operational')).toBeInTheDocument();
    // The job queue is down: its row and the system status say so.
    const queue = screen.getByText('Job Queue').closest('li')!;
    expect(within(queue).getByText('Down')).toBeInTheDocument();
    expect(calls.some((c) => c.url === `${PREFIX}/stats`)).toBe(true);
  });

  it('maps every route to its tab', () => {
    expect(['/admin', '/admin/overview', '/admin/dashboard', '/admin/abc123'].map(tabOfPath)).toEqual([
      'overview',
      'overview',
      'overview',
      'overview',
    ]);
    expect(
      ['/admin/users', '/admin/submissions', '/admin/orders', '/admin/subscriptions', '/admin/database', '/admin/pricing'].map(tabOfPath),
    ).toEqual(['users', 'submissions', 'orders', 'subscriptions', 'database', 'pricing']);
    // The sync detail lives in the Database tab, under /admin/database/sync/{id} and /admin/{hash}/sync/{id}.
    expect(['/admin/database/sync/s1', '/admin/abc123/sync/s2'].map(tabOfPath)).toEqual(['database', 'database']);
    expect(['/admin/database/sync/s1', '/admin/abc123/sync/s2', '/admin/database'].map(syncLogIdOfPath)).toEqual(['s1', 's2', null]);
  });

  it('shows the sync monitor on Database and the weekly price update on Pricing, under the admin prefix', async () => {
    const calls = mockApi({
      ...pathAnswer,
      'GET /api/admin/sync/logs': () => ({ json: [] }),
      [`GET ${PREFIX}/weekly-price-update/last-run`]: () => ({
        json: { status: 'never', lastRun: null, totalCardsUpdated: 0, message: 'No price update has run yet.' },
      }),
      [`GET ${PREFIX}/weekly-price-update/preview`]: () => ({
        json: {
          totalCards: 0,
          cardsToUpdate: 0,
          eligibleUsers: 0,
          estimatedDuration: '0 seconds',
          priceUpdateCategories: { gradedWithSubscription: 0, recentlyGraded: 0, oldGradedWithPro: 0, oldGradedWithoutPro: 0 },
        },
      }),
    });
    render('/admin/database');
    expect(await screen.findByText('No sync operations found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Pricing' }));
    expect(await screen.findByText('Last Price Update Status')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/pricing');
    expect(calls.some((c) => c.url === `${PREFIX}/weekly-price-update/preview`)).toBe(true);
  });

  it('logs out with POST /api/logout and the toast', async () => {
    const calls = mockApi({
      ...pathAnswer,
      [`GET ${PREFIX}/stats`]: () => ({ json: stats }),
      'POST /api/logout': () => ({ json: { message: 'ok' } }),
    });
    render('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Logged out', { description: 'You have been logged out successfully' }));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/logout')).toBe(true);
  });

  it('ends the admin Logout at / (spec §2.6), not at the sign-in page the guard would send it to', async () => {
    mockApi({
      ...pathAnswer,
      [`GET ${PREFIX}/stats`]: () => ({ json: stats }),
      'POST /api/logout': () => ({ json: { message: 'ok' } }),
    });
    renderWithApp(
      <RequireAuth>
        <AdminPage />
      </RequireAuth>,
      { route: '/admin/users', path: '/admin/*', user: admin },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    // And it stays there: the guard of the page just left must not send it on to /login?next=….
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
