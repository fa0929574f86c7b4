import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { readDraft, saveOpenDrafts, useKeepDraft } from './drafts';

/** A form the way pages use drafts: initial values from the draft, kept while it is open. */
function useNotes(initial: string) {
  const [notes, setNotes] = useState(() => readDraft<string>('notes') ?? initial);
  useKeepDraft('notes', () => notes);
  return { notes, setNotes };
}

afterEach(() => {
  sessionStorage.clear();
  window.history.pushState({}, '', '/');
});

describe('drafts kept over a sign-in', () => {
  it('saves what an open form holds on a 401 and gives it back once, on the same page only', () => {
    window.history.pushState({}, '', '/account/collection/card-profile/c1');
    const first = renderHook(() => useNotes('saved notes'));
    expect(first.result.current.notes).toBe('saved notes');
    act(() => first.result.current.setNotes('saved notes, then more'));
    act(() => saveOpenDrafts());
    first.unmount();

    // Another page has no draft of that name.
    window.history.pushState({}, '', '/account/collection/card-profile/c2');
    expect(renderHook(() => useNotes('other')).result.current.notes).toBe('other');

    // Back on the page after signing in: the draft comes back, and only once.
    window.history.pushState({}, '', '/account/collection/card-profile/c1');
    const again = renderHook(() => useNotes('saved notes'));
    expect(again.result.current.notes).toBe('saved notes, then more');
    again.unmount();
    expect(renderHook(() => useNotes('saved notes')).result.current.notes).toBe('saved notes');
  });

  it('forgets a form once it closes', () => {
    const { unmount } = renderHook(() => useNotes('x'));
    unmount();
    saveOpenDrafts();
    expect(sessionStorage.length).toBe(0);
  });
});
