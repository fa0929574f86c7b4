import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiUrl } from '@contract/api-routes';
import { errorMessage } from '@web/lib/api';
import { api } from '@web/lib/api-client';
import { formatInteger } from '@web/lib/format';

/** Spec §5: the browser confirmation before a run. */
export const START_CONFIRMATION =
  'Are you sure you want to start the weekly price update? This will update pricing for all eligible cards.';
const FAILED_FALLBACK = 'An error occurred while updating prices';

/** The weekly price update's queries and its start, under the admin API prefix of the install's `hash`. */
export function usePriceUpdate(hash: string) {
  const params = { hash };
  // The cache keys start with the run's URL (`/api/admin/{hash}/weekly-price-update`): one invalidation refreshes both reads.
  const base = apiUrl('POST /api/admin/:hash/weekly-price-update', params);
  const queryClient = useQueryClient();
  const lastRun = useQuery({
    queryKey: [base, 'last-run'],
    queryFn: () => api('GET /api/admin/:hash/weekly-price-update/last-run', { params }),
  });
  const preview = useQuery({
    queryKey: [base, 'preview'],
    queryFn: () => api('GET /api/admin/:hash/weekly-price-update/preview', { params }),
  });
  const start = useMutation({
    mutationFn: () => api('POST /api/admin/:hash/weekly-price-update', { params }),
    onSuccess: (result) => {
      if (result.inProgress) toast.info('Weekly Price Update Started', { description: result.message });
      else if (result.success)
        toast.success('Weekly Price Update Completed', {
          description: `Successfully updated ${formatInteger(result.stats.successfulUpdates)} cards in ${result.stats.duration}`,
        });
      else toast.error('Weekly Price Update Failed', { description: result.message || FAILED_FALLBACK });
    },
    onError: (e) => toast.error('Weekly Price Update Failed', { description: errorMessage(e, FAILED_FALLBACK) }),
    // Spec §4: then the preview is refetched (and the status it changed).
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [base] }),
  });
  return {
    lastRun,
    preview,
    start,
    /** Starts a run after the browser's confirmation. */
    confirmAndStart: () => {
      if (window.confirm(START_CONFIRMATION)) start.mutate();
    },
  };
}
