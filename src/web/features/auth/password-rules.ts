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
