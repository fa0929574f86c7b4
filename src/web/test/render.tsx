import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { TCurrentUserResponse } from '@contract/auth';
import { CURRENT_USER_KEY } from '@web/lib/auth';
import { createQueryClient } from '@web/lib/query-client';

export const testUser = (over: Partial<TCurrentUserResponse> = {}): TCurrentUserResponse => ({
  id: '00000000-0000-4000-8000-000000000001',
  username: 'collector',
  email: 'collector@example.test',
  firstName: 'Casey',
  lastName: null,
  role: 'user',
  accountType: 'starter',
  credits: 10,
  createdAt: '2026-01-05T10:00:00.000Z',
  ...over,
});

/** Shows where the router is, so tests can assert on navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders inside a fresh query client and a memory router at `route`. `user` seeds the current-user
 * query (null: signed out) so components don't fetch it.
 */
export function renderWithApp(
  ui: ReactElement,
  { route = '/', path = '*', user = null }: { route?: string; path?: string; user?: TCurrentUserResponse | null } = {},
) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  // Seeded data must not be refetched by the test's first render.
  queryClient.setQueryDefaults(CURRENT_USER_KEY, { staleTime: Infinity });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
