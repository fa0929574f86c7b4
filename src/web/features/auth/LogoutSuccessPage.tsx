import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@web/components/ui/button';
import { AuthCard } from './AuthCard';

export const LOGOUT_REDIRECT_SECONDS = 5;

/** Spec §2.5: 'Logged Out Successfully', two links, and home after 5 seconds. */
export default function LogoutSuccessPage() {
  const navigate = useNavigate();
  const [left, setLeft] = useState(LOGOUT_REDIRECT_SECONDS);
  useEffect(() => {
    const tick = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    const leave = setTimeout(() => navigate('/', { replace: true }), LOGOUT_REDIRECT_SECONDS * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(leave);
    };
  }, [navigate]);

  return (
    <AuthCard title="Logged Out Successfully" description="Your session has ended on this device.">
      <div className="grid gap-3">
        <div className="flex justify-center py-2 text-green-700">
          <CheckCircle2 aria-hidden className="size-12" />
        </div>
        <p className="text-center text-sm text-slate-700" aria-live="polite">
          Taking you home in {left} second{left === 1 ? '' : 's'}…
        </p>
        <Button asChild>
          <Link to="/">Back to Home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/login">Sign In Again</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
