import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { ApiError } from './api';
import { CURRENT_USER_KEY } from './auth';
import { createQueryClient, pageLoad, retryUpToThree } from './query-client';
import { forgetSessionEnded, takeSessionEnded } from './session-ended';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('query client', () => {
  it('on a 401 shows the logout toast and goes to /api/login after 500 ms, without retrying, to come back here', async () => {
    vi.useFakeTimers();
    window.history.pushState({}, '', '/account/collection/card-profile/c1?x=1');
    const error = vi.spyOn(toast, 'error').mockReturnValue(1);
    const goTo = vi.spyOn(pageLoad, 'goTo').mockImplementation(() => {});
    const client = createQueryClient();
    const queryFn = vi.fn().mockRejectedValue(new ApiError(401, '{"message":"Not signed in."}', 'Not signed in.'));
    await client.fetchQuery({ queryKey: ['/api/binders', 'x'], queryFn }).catch(() => {});
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Unauthorized', { description: 'You are logged out. Logging in again...' });
    vi.advanceTimersByTime(499);
    expect(goTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(goTo).toHaveBeenCalledWith('/api/login?next=%2Faccount%2Fcollection%2Fcard-profile%2Fc1%3Fx%3D1');
    // The login page will say why (the toast has no time to be read), until the user signs in again.
    expect(takeSessionEnded()).toBe(true);
    forgetSessionEnded();
    expect(takeSessionEnded()).toBe(false);
    window.history.pushState({}, '', '/');
  });

  it('after a deliberate logout, lets a 401 to a request from the page left behind pass without the toast or the login redirect', async () => {
    // A fresh module: the first test's redirect is still "under way" in this one's state.
    vi.resetModules();
    const fresh = await import('./query-client');
    const { toast: freshToast } = await import('sonner');
    // The fresh module's own ApiError: `instanceof` tells 401s apart.
    const { ApiError: FreshApiError } = await import('./api');
    const error = vi.spyOn(freshToast, 'error').mockReturnValue(1);
    const goTo = vi.spyOn(fresh.pageLoad, 'goTo').mockImplementation(() => {});
    vi.useFakeTimers();
    const client = fresh.createQueryClient();
    // The logout (use-logout.ts): the user is forgotten and everything else the account had is removed…
    client.setQueryData(CURRENT_USER_KEY, null);
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
    // …while a component of the page being left, still mounted for a moment, asks again and is refused.
    await client
      .fetchQuery({ queryKey: ['/api/dashboard'], queryFn: () => Promise.reject(new FreshApiError(401, 'x', 'x')) })
      .catch(() => {});
    vi.advanceTimersByTime(1_000);
    expect(error).not.toHaveBeenCalled();
    expect(goTo).not.toHaveBeenCalled();
    // While the user is still known, the same 401 ends the session as spec §4 says.
    const signedIn = fresh.createQueryClient();
    signedIn.setQueryData(CURRENT_USER_KEY, { id: 'u1' });
    await signedIn
      .fetchQuery({ queryKey: ['/api/dashboard'], queryFn: () => Promise.reject(new FreshApiError(401, 'x', 'x')) })
      .catch(() => {});
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('treats a 401 on the current-user lookup as signed out, not as an error to announce', async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(1);
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: CURRENT_USER_KEY, queryFn: () => Promise.reject(new ApiError(401, 'x', 'x')) }).catch(() => {});
    expect(error).not.toHaveBeenCalled();
  });

  it('uses the spec defaults: no retry, no refetch on focus, 5 and 10 minutes', () => {
    const q = createQueryClient().getDefaultOptions().queries!;
    expect(q).toMatchObject({ retry: false, refetchOnWindowFocus: false, staleTime: 300_000, gcTime: 600_000 });
    expect(createQueryClient().getDefaultOptions().mutations).toMatchObject({ retry: false });
  });

  it('retries binder-area failures up to 3 times, except 401, 403 and 404', () => {
    const err = (status: number) => new ApiError(status, 'x', 'x');
    expect(retryUpToThree(0, err(500))).toBe(true);
    expect(retryUpToThree(2, err(500))).toBe(true);
    expect(retryUpToThree(3, err(500))).toBe(false);
    expect(retryUpToThree(0, new TypeError('Failed to fetch'))).toBe(true);
    for (const status of [400, 408, 409, 429, 503]) expect(retryUpToThree(0, err(status))).toBe(true);
    for (const status of [401, 403, 404]) expect(retryUpToThree(0, err(status))).toBe(false);
  });
});
