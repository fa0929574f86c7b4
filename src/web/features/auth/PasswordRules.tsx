import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { passwordProblems } from './password-rules';

/** Inline alerts that follow what the user types (spec §2.5). */
export function PasswordRules({ password, confirm }: { password: string; confirm: string }) {
  const problems = passwordProblems(password, confirm);
  return (
    <div aria-live="polite" className="grid gap-2">
      {problems.map((p) => (
        <Alert key={p.title} variant="warning">
          <AlertTitle>{p.title}</AlertTitle>
          <AlertDescription>{p.detail}</AlertDescription>
        </Alert>
      ))}
    </div>
  );
}
