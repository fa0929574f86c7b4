/**
 * Why the browser was sent to sign in. Spec §8: a 401 shows the toast 'Unauthorized' / 'You are logged
 * out. Logging in again...' and goes to the login page 500 ms later — too short to read on a slow
 * device, so the login page says it again (the same words) when it is the end of that redirect. The
 * mark lives in sessionStorage, like the drafts saved at the same moment (drafts.ts): this tab only.
 */
export const SESSION_ENDED = { title: 'Unauthorized', description: 'You are logged out. Logging in again...' } as const;

const KEY = 'gradevault:session-ended';

/** Called on a 401, before leaving the page. */
export function markSessionEnded(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (private mode): the login page only misses the reminder; the toast was shown.
  }
}

/** Whether this sign-in follows a 401; reading forgets it, so a later visit to the login page does not say it again. */
export function takeSessionEnded(): boolean {
  try {
    const ended = sessionStorage.getItem(KEY) !== null;
    sessionStorage.removeItem(KEY);
    return ended;
  } catch {
    return false;
  }
}
