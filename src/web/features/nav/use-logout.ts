import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '@web/lib/api';
import { CURRENT_USER_KEY, markLeaving } from '@web/lib/auth';
import { api } from '@web/lib/api-client';

/**
 * Logout (spec §2.6, §7.1/§8): ends the session, forgets the cached user and everything else the account
 * had, then shows /logout-success — or `/` from the admin shell, which signs out through its own route.
 */
interface LogoutOptions {
  to?: '/logout-success' | '/';
  route?: 'POST /api/auth/logout' | 'POST /api/logout';
}

export function useLogout({ to = '/logout-success', route = 'POST /api/auth/logout' }: LogoutOptions = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useMutation({
    mutationFn: () => api(route),
    meta: { allowUnauthorized: true },
    onSuccess: () => {
      toast.success('Logged out', { description: 'You have been logged out successfully' });
      // The page being left must not send the visitor to sign in again on the way out (see markLeaving).
      markLeaving(pathname);
      queryClient.setQueryData(CURRENT_USER_KEY, null);
      void navigate(to);
      // Everything else cached belonged to the account that just left.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
    },
    onError: (error) => {
      toast.error('Logout failed', { description: errorMessage(error, 'An error occurred during logout') });
    },
  });
}
