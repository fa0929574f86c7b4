import { useEffect, useRef } from 'react';

/**
 * Drafts that survive a session running out mid-edit (issue 24). Each open form registers how to read
 * what the user has typed; when a request answers 401 the app saves every registered draft in
 * sessionStorage, keyed by the page's path and the form's name, before it sends the browser to sign in.
 * Signed in again, the login page brings the user back to the same path, and the form takes its draft
 * back once (and removes it), so nothing typed is lost and nothing stale lingers.
 */
const readers = new Map<string, () => unknown>();
const PREFIX = 'gradevault:draft:';

const keyOf = (name: string, path = window.location.pathname) => `${PREFIX}${path}#${name}`;

/** Called on a 401, before leaving the page: keeps what every open form holds. */
export function saveOpenDrafts(): void {
  for (const [key, read] of readers) {
    try {
      sessionStorage.setItem(key, JSON.stringify(read()));
    } catch {
      // Storage full or refused (private mode): the draft is lost, as it was before drafts existed.
    }
  }
}

/** The draft saved for this form on this page, or null; it stays stored until the form mounts (useKeepDraft). */
export function readDraft<T>(name: string): T | null {
  const raw = sessionStorage.getItem(keyOf(name));
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/**
 * Registers a form for saving on a 401 (`read` gives its values; the latest one passed is used) and,
 * once mounted, removes the draft stored for it: the form has taken it back through readDraft as its
 * initial values, and it must not come back a second time.
 */
export function useKeepDraft<T>(name: string, read: () => T): void {
  const latest = useRef(read);
  useEffect(() => {
    latest.current = read;
  });
  useEffect(() => {
    const key = keyOf(name);
    sessionStorage.removeItem(key);
    const reader = () => latest.current();
    readers.set(key, reader);
    return () => {
      if (readers.get(key) === reader) readers.delete(key);
    };
  }, [name]);
}
