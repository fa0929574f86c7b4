/**
 * The sync endpoints (spec §7.3, under /api/admin/sync) for the Database Sync Monitor and the sync
 * detail view. A log or event list that fails to load is logged and shown empty (spec §8).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { TSyncLog, TSyncType } from '@contract/catalogue-sync';
import { errorMessage } from '@web/lib/api';
import { api } from '@web/lib/api-client';

/** The cache keys start with the endpoints' base, so one invalidation refreshes every sync screen. */
const BASE = '/api/admin/sync';
export const syncKeys = {
  all: () => [BASE] as const,
  logs: () => [BASE, 'logs'] as const,
  log: (id: string) => [BASE, 'logs', id] as const,
  events: (id: string) => [BASE, 'events', id] as const,
};

async function listOrEmpty<T>(load: () => Promise<T[]>, what: string): Promise<T[]> {
  try {
    return await load();
  } catch (error) {
    console.error(`Failed to load ${what}`, error);
    return [];
  }
}

export function useSyncLogs(refetchInterval: number | false) {
  return useQuery({
    queryKey: syncKeys.logs(),
    queryFn: () => listOrEmpty(() => api('GET /api/admin/sync/logs'), 'sync logs'),
    refetchInterval,
    staleTime: 0,
  });
}

export function useSyncLog(id: string, refetchInterval: (log: TSyncLog | undefined) => number | false) {
  return useQuery({
    queryKey: syncKeys.log(id),
    queryFn: () => api('GET /api/admin/sync/logs/:id', { params: { id } }),
    refetchInterval: (query) => refetchInterval(query.state.data),
    staleTime: 0,
  });
}

export function useSyncEvents(id: string, refetchInterval: number | false) {
  return useQuery({
    queryKey: syncKeys.events(id),
    queryFn: () => listOrEmpty(() => api('GET /api/admin/sync/events/:id', { params: { id } }), 'sync events'),
    refetchInterval,
    staleTime: 0,
  });
}

/** Start, cancel and resume, with the toasts of spec §8; every answer refreshes the screen's data. */
export function useSyncActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: syncKeys.all() });
  const start = useMutation({
    mutationFn: (type: TSyncType) => api(`POST /api/admin/sync/start-${type}` as const),
    onSuccess: (r) => toast.success('Sync Started', { description: r.message }),
    onError: (e) => toast.error('Sync Failed', { description: errorMessage(e) }),
    onSettled: refresh,
  });
  const cancel = useMutation({
    mutationFn: (id: string) => api('POST /api/admin/sync/cancel/:id', { params: { id } }),
    onSuccess: (r) => toast.success('Sync Cancelled', { description: r.message || 'The sync operation has been cancelled.' }),
    onError: (e) => toast.error('Cancel Failed', { description: errorMessage(e) }),
    onSettled: refresh,
  });
  const resume = useMutation({
    mutationFn: (id: string) => api('POST /api/admin/sync/resume/:id', { params: { id } }),
    onSuccess: (r) => toast.success('Sync Resumed', { description: r.message }),
    onError: (e) => toast.error('Resume Failed', { description: errorMessage(e) }),
    onSettled: refresh,
  });
  return { start, cancel, resume, refresh };
}
