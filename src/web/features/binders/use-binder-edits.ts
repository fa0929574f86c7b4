import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBinderDetailResponse } from '@contract/binders';
import { api } from '@web/lib/api-client';

export const binderKey = (id: string) => ['/api/binders', id] as const;
const orderKey = (binderId: string) => ['binder-order', binderId] as const;

/**
 * Saves a new page order at once on screen (optimistic) and puts the old order back if the server
 * refuses it. Moves run one after another (one scope per binder), so a slower request can never
 * land after a later move and undo it; the binder is refetched once the last move settles.
 */
export function useReorderBinder(binderId: string) {
  const queryClient = useQueryClient();
  const key = binderKey(binderId);
  return useMutation({
    mutationKey: orderKey(binderId),
    scope: { id: `binder-order:${binderId}` },
    mutationFn: (userCardIds: string[]) => api('PUT /api/binders/:id/order', { params: { id: binderId }, body: { userCardIds } }),
    onMutate: async (userCardIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TBinderDetailResponse>(key);
      if (previous) {
        const byId = new Map(previous.cards.map((c) => [c.userCard.id, c]));
        const cards = userCardIds.map((id) => byId.get(id)).filter((c) => c !== undefined);
        queryClient.setQueryData<TBinderDetailResponse>(key, { ...previous, cards });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => {
      // This mutation still counts itself; refetch only after the last queued move.
      if (queryClient.isMutating({ mutationKey: orderKey(binderId) }) <= 1) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** Chooses the binder's cover card (null: the first card again); the collection's binder list shows it too. */
export function useSetBinderCover(binderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (coverUserCardId: string | null) => api('PATCH /api/binders/:id', { params: { id: binderId }, body: { coverUserCardId } }),
    onSuccess: (binder) => {
      queryClient.setQueryData<TBinderDetailResponse>(binderKey(binderId), (old) =>
        old ? { ...old, binder: { ...old.binder, ...binder } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: binderKey(binderId) });
      void queryClient.invalidateQueries({ queryKey: ['/api/binders'], exact: true });
    },
  });
}
