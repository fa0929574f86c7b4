import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '@web/lib/api';
import { CURRENT_USER_KEY } from '@web/lib/auth';
import { api } from '@web/lib/api-client';

/** Navigation logout (spec §7.1/§8): ends the session, forgets the cached user, shows /logout-success. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api('POST /api/auth/logout'),
    meta: { allowUnauthorized: true },
    onSuccess: async () => {
      queryClient.setQueryData(CURRENT_USER_KEY, null);
      // Everything else cached belonged to the account that just left.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      toast.success('Logged out', { description: 'You have been logged out successfully' });
      void navigate('/logout-success');
    },
    onError: (error) => {
      toast.error('Logout failed', { description: errorMessage(error, 'An error occurred during logout') });
    },
  });
}
