import { useState } from 'react';
import { Dialog } from 'radix-ui';
import type { TAdminUser } from '@contract/admin';
import { DialogPanel } from '@web/components/ui/dialog';
import { formatGrade } from '@web/features/grading/grade-scale';
import { useAdminQuery } from '../api';
import { RarityBadge } from '../badges';
import { ImageButton, ImageViewer } from '@web/components/image-viewer';

/** The user's cards, titled with the username (§2.7); a front image opens the larger viewer. */
export function UserCardsDialog({ user, onClose }: { user: TAdminUser | null; onClose: () => void }) {
  const { data, isPending: isLoading } = useAdminQuery('GET /api/admin/:hash/users/:id', { id: user?.id ?? '' }, undefined, {
    enabled: !!user,
  });
  const [image, setImage] = useState<{ url: string; alt: string } | null>(null);
  const cards = data?.id === user?.id ? data?.cards : undefined;
  return (
    <Dialog.Root open={!!user} onOpenChange={(open) => !open && onClose()}>
      {user && (
        <DialogPanel title={user.username} description="Cards in this user's collection" className="w-[min(48rem,calc(100vw-2rem))]">
          {isLoading || !cards ? (
            <p role="status" className="text-slate-600">
              Loading user cards...
            </p>
          ) : cards.length === 0 ? (
            <p className="text-slate-600">No cards found for this user</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {cards.map((c) => (
                <li key={c.id} className="flex gap-3 rounded-lg border border-slate-200 p-3">
                  <div className="h-24 w-16 shrink-0">
                    {c.frontImageUrl ? (
                      <ImageButton
                        url={c.frontImageUrl}
                        alt={`${c.cardName} front`}
                        onOpen={setImage}
                        className="h-24 w-16 overflow-hidden rounded border border-slate-200"
                      />
                    ) : (
                      <div className="h-24 w-16 rounded bg-slate-100" />
                    )}
                  </div>
                  <div className="grid gap-1 text-sm">
                    <p className="font-medium text-slate-900">{c.cardName}</p>
                    <p className="text-slate-600">
                      {c.cardSet} · #{c.cardNumber}
                    </p>
                    <RarityBadge rarity={c.rarity} />
                    {c.latestGrading && (
                      <p className="text-slate-700">
                        PSA {formatGrade(c.latestGrading.psaGrade)} · BGS {formatGrade(c.latestGrading.bgsGrade)} · CGC{' '}
                        {formatGrade(c.latestGrading.cgcGrade)}
                      </p>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <ImageViewer image={image} onClose={() => setImage(null)} />
        </DialogPanel>
      )}
    </Dialog.Root>
  );
}
