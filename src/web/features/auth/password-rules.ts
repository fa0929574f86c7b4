import { PASSWORD_MIN } from '@contract/auth-rules';

export type PasswordProblem = { title: string; detail: string };

/** The live rules of spec §5, in the order the reset screen shows them. */
export function passwordProblems(password: string, confirm: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length > 0 && password.length < PASSWORD_MIN)
    problems.push({ title: 'Password too short', detail: `Password must be at least ${PASSWORD_MIN} characters long.` });
  if (confirm.length > 0 && password !== confirm)
    problems.push({ title: "Passwords don't match", detail: 'Please make sure both password fields match.' });
  return problems;
}

/** True when the live rules on screen already say `message` (the contract uses the same sentences). */
export const shownByLiveRules = (message: string | undefined, password: string, confirm: string): boolean =>
  message !== undefined && passwordProblems(password, confirm).some((p) => p.title === message || p.detail === message);
