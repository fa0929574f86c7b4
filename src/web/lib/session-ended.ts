/**
 * Why the browser was sent to sign in. Spec §8: a 401 shows the toast 'Unauthorized' / 'You are logged
 * out. Logging in again...' and goes to the login page 500 ms later — too short to read on a slow
 * device, so the login page says it again (the same words) when it is the end of that redirect. The
 * mark lives in sessionStorage, like the drafts saved at the same moment (drafts.ts): this tab only.
 */
export const SESSION_ENDED = { title: 'Unauthorized', description: 'You are logged out. Logging in again...' } as const;

const KEY = 'gradevault:session-ended';

/**
 * This page load's answer, once read: the login page can mount twice on arrival (a phone's layout
 * settling remounts the route), and the second mount must say it too, not find the mark already gone.
 */
let taken: boolean | null = null;

/** Called on a 401, before leaving the page. */
export function markSessionEnded(): void {
  taken = null;
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (private mode): the login page only misses the reminder; the toast was shown.
  }
}

/**
 * Whether this sign-in follows a 401. The mark is read once and removed, so a later page load of the
 * login page does not say it again; until the user signs in (`forgetSessionEnded`), every mount of the
 * login page in this load gets the same answer.
 */
export function takeSessionEnded(): boolean {
  if (taken !== null) return taken;
  try {
    taken = sessionStorage.getItem(KEY) !== null;
    sessionStorage.removeItem(KEY);
  } catch {
    taken = false;
  }
  return taken;
}

/** Signed in again: the reminder has done its work. */
export function forgetSessionEnded(): void {
  taken = false;
}
