import { useQuery } from '@tanstack/react-query';
import type { TUserCard } from '@contract/user-cards';
import type { TGrading } from '@contract/gradings';

export const userCardKey = (id: string) => ['/api/user-cards', id] as const;
export const cardGradingsKey = (id: string) => ['/api/user-cards', id, 'gradings'] as const;

export const useUserCard = (id: string | undefined) => useQuery<TUserCard>({ queryKey: userCardKey(id ?? ''), enabled: !!id, staleTime: 0 });

/** The card's gradings, newest first; polls every second while one is still running. */
export function useCardGradings(id: string | undefined) {
  return useQuery<TGrading[]>({
    queryKey: cardGradingsKey(id ?? ''),
    enabled: !!id,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.[0] && (q.state.data[0].status === 'pending' || q.state.data[0].status === 'processing') ? 1000 : false),
  });
}
