/**
 * The sync endpoints (spec §7.3) for the Database Sync Monitor and the sync detail view. The API base
 * is a prop of both screens (`/api/admin/sync` today, `/api/admin/{hash}/sync` inside the admin area).
 * A log or event list that fails to load is logged and shown empty (spec §8).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { TSyncActionResponse, TSyncEvent, TSyncLog, TSyncType } from '@contract/catalogue-sync';
import { apiRequest, errorMessage } from '@web/lib/api';

export const syncKeys = {
  all: (base: string) => [base] as const,
  logs: (base: string) => [base, 'logs'] as const,
  log: (base: string, id: string) => [base, 'logs', id] as const,
  events: (base: string, id: string) => [base, 'events', id] as const,
};

async function listOrEmpty<T>(url: string, what: string): Promise<T[]> {
  try {
    return await apiRequest<T[]>('GET', url);
  } catch (error) {
    console.error(`Failed to load ${what}`, error);
    return [];
  }
}

export function useSyncLogs(base: string, refetchInterval: number | false) {
  return useQuery({
    queryKey: syncKeys.logs(base),
    queryFn: () => listOrEmpty<TSyncLog>(`${base}/logs`, 'sync logs'),
    refetchInterval,
    staleTime: 0,
  });
}

export function useSyncLog(base: string, id: string, refetchInterval: (log: TSyncLog | undefined) => number | false) {
  return useQuery({
    queryKey: syncKeys.log(base, id),
    queryFn: () => apiRequest<TSyncLog>('GET', `${base}/logs/${id}`),
    refetchInterval: (query) => refetchInterval(query.state.data),
    staleTime: 0,
  });
}

export function useSyncEvents(base: string, id: string, refetchInterval: number | false) {
  return useQuery({
    queryKey: syncKeys.events(base, id),
    queryFn: () => listOrEmpty<TSyncEvent>(`${base}/events/${id}`, 'sync events'),
    refetchInterval,
    staleTime: 0,
  });
}

/** Start, cancel and resume, with the toasts of spec §8; every answer refreshes the screen's data. */
export function useSyncActions(base: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: syncKeys.all(base) });
  const start = useMutation({
    mutationFn: (type: TSyncType) => apiRequest<TSyncActionResponse>('POST', `${base}/start-${type}`),
    onSuccess: (r) => toast.success('Sync Started', { description: r.message }),
    onError: (e) => toast.error('Sync Failed', { description: errorMessage(e) }),
    onSettled: refresh,
  });
  const cancel = useMutation({
    mutationFn: (id: string) => apiRequest<TSyncActionResponse>('POST', `${base}/cancel/${id}`),
    onSuccess: (r) => toast.success('Sync Cancelled', { description: r.message || 'The sync operation has been cancelled.' }),
    onError: (e) => toast.error('Cancel Failed', { description: errorMessage(e) }),
    onSettled: refresh,
  });
  const resume = useMutation({
    mutationFn: (id: string) => apiRequest<TSyncActionResponse>('POST', `${base}/resume/${id}`),
    onSuccess: (r) => toast.success('Sync Resumed', { description: r.message }),
    onError: (e) => toast.error('Resume Failed', { description: errorMessage(e) }),
    onSettled: refresh,
  });
  return { start, cancel, resume, refresh };
}
