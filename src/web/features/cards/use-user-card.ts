import { useApiQuery } from '@web/lib/api-client';

export const userCardKey = (id: string) => ['/api/user-cards', id] as const;
export const cardGradingsKey = (id: string) => ['/api/user-cards', id, 'gradings'] as const;

export const useUserCard = (id: string | undefined) =>
  useApiQuery('GET /api/user-cards/:id', { params: { id: id ?? '' }, queryKey: userCardKey(id ?? ''), enabled: !!id, staleTime: 0 });

/** The card's gradings, newest first; polls every second while one is still running. */
export function useCardGradings(id: string | undefined) {
  return useApiQuery('GET /api/user-cards/:id/gradings', {
    params: { id: id ?? '' },
    queryKey: cardGradingsKey(id ?? ''),
    enabled: !!id,
    staleTime: 0,
    refetchInterval: (q) =>
      q.state.data?.[0] && (q.state.data[0].status === 'pending' || q.state.data[0].status === 'processing') ? 1000 : false,
  });
}
