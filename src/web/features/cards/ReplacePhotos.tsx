import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { appendPhotos, hasAnyPhoto, NO_PHOTOS, PhotoFields, type PhotoSelection } from './PhotoFields';
import { userCardKey } from './use-user-card';
import { api } from '@web/lib/api-client';

/**
 * New photos for a card before it is graded again (a refused photo, a better one): only the photos
 * picked here are replaced, the others stay.
 */
export function ReplacePhotos({ cardId, onDone }: { cardId: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [photos, setPhotos] = useState<PhotoSelection>(NO_PHOTOS);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const form = new FormData();
      appendPhotos(form, photos);
      return api('POST /api/user-cards/:id/photos', { params: { id: cardId }, body: form });
    },
    onSuccess: (card) => {
      queryClient.setQueryData(userCardKey(cardId), card);
      void queryClient.invalidateQueries({ queryKey: ['/api/user-cards'] });
      toast.success('Photos replaced', { description: 'The next grading uses the new photos.' });
      onDone();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  return (
    <form
      className="grid scroll-mt-20 gap-4"
      aria-label="Replace photos"
      onSubmit={(e) => {
        e.preventDefault();
        if (!hasAnyPhoto(photos)) return setError('Pick at least one new photo: the front, the back, a corner or detail photos.');
        setError(null);
        save.mutate();
      }}
    >
      <p className="text-sm text-slate-700">
        Pick only the photos you want to change; the others stay. New detail photos replace all the old ones.
      </p>
      {error && <Alert variant="destructive">{error}</Alert>}
      <PhotoFields value={photos} onChange={setPhotos} required={false} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Uploading…' : 'Save new photos'}
        </Button>
      </div>
    </form>
  );
}
