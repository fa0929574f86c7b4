import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password-rules';
import { safeNext } from './safe-next';

describe('password rules', () => {
  it('says nothing before anything is typed', () => expect(passwordProblems('', '')).toEqual([]));
  it('flags a short password with the spec wording', () =>
    expect(passwordProblems('short', '')).toEqual([
      { title: 'Password too short', detail: 'Password must be at least 8 characters long.' },
    ]));
  it('flags a mismatch once the confirmation is typed', () =>
    expect(passwordProblems('long enough', 'long enougX').map((p) => p.title)).toEqual(["Passwords don't match"]));
  it('accepts 8 matching characters', () => expect(passwordProblems('12345678', '12345678')).toEqual([]));
});

describe('post-login destination', () => {
  it('keeps same-site paths', () => expect(safeNext('/account/security?x=1')).toBe('/account/security?x=1'));
  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', null, ''])('refuses %s', (next) =>
    expect(safeNext(next)).toBe('/account/dashboard'),
  );
});
