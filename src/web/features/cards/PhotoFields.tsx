import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import { CORNER_SLOTS, MAX_DETAIL_IMAGES, cornerSlotLabel, type TCornerSlot } from '@contract/user-cards';
import { formatCount } from '@web/lib/format';
import { UseCameraButton } from '@web/features/capture/UseCameraButton';
import { PhotoInput } from './PhotoInput';

/** The photos of a card as the add-card form (and the replace-photos form) collect them. */
export type PhotoSelection = { front: File | null; back: File | null; corners: Partial<Record<TCornerSlot, File>>; details: File[] };
export const NO_PHOTOS: PhotoSelection = { front: null, back: null, corners: {}, details: [] };
export const hasAnyPhoto = (p: PhotoSelection) => !!p.front || !!p.back || Object.values(p.corners).some(Boolean) || p.details.length > 0;

/** The multipart fields of POST /api/user-cards and POST /api/user-cards/{id}/photos: the same names for both. */
export function appendPhotos(form: FormData, p: PhotoSelection) {
  if (p.front) form.append('front', p.front);
  if (p.back) form.append('back', p.back);
  for (const [slot, file] of Object.entries(p.corners)) if (file) form.append(slot, file);
  for (const file of p.details) form.append('details', file);
}

const cornerLabel = (slot: TCornerSlot) => cornerSlotLabel(slot).replace(/^./, (c) => c.toUpperCase());
const DETAIL = { one: 'detail photo', other: 'detail photos' };

/** Front and back slots, the corner close-ups and the detail photos, all in the same photo-slot style. */
export function PhotoFields({
  value,
  onChange,
  required,
}: {
  value: PhotoSelection;
  onChange: (p: PhotoSelection) => void;
  required: boolean;
}) {
  const set = (patch: Partial<PhotoSelection>) => onChange({ ...value, ...patch });
  return (
    <div className="grid gap-6">
      <div className="justify-self-start">
        <UseCameraButton faces={['front', 'back']} onCaptured={(p) => set({ front: p.front ?? value.front, back: p.back ?? value.back })} />
      </div>
      <div className="grid max-w-md grid-cols-2 gap-4">
        <PhotoInput label="Front" file={value.front} onChange={(front) => set({ front })} required={required} />
        <PhotoInput label="Back" file={value.back} onChange={(back) => set({ back })} required={required} />
      </div>
      <details className="rounded-lg border border-slate-200 p-3">
        <summary className="cursor-pointer text-sm font-medium text-slate-900">Corner close-ups (optional)</summary>
        <div className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-8">
          {CORNER_SLOTS.map((slot) => (
            <PhotoInput
              key={slot}
              compact
              label={cornerLabel(slot)}
              file={value.corners[slot] ?? null}
              onChange={(f) => set({ corners: { ...value.corners, [slot]: f ?? undefined } })}
            />
          ))}
        </div>
      </details>
      <DetailPhotos files={value.details} onChange={(details) => set({ details })} />
    </div>
  );
}

/** Up to 8 extra photos (a crease, a print line): thumbnails with a remove button, and an add slot. */
function DetailPhotos({ files, onChange }: { files: File[]; onChange: (f: File[]) => void }) {
  const id = useId();
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews]);
  const room = MAX_DETAIL_IMAGES - files.length;
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium text-slate-900">Detail photos (optional, up to {MAX_DETAIL_IMAGES})</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Anything the grade should show: a crease, a print line, a mark on the back.{' '}
        {files.length > 0 && `${formatCount(files.length, DETAIL)} added.`}
      </p>
      <ul className="grid grid-cols-4 gap-2 sm:grid-cols-8" aria-label="Detail photos">
        {files.map((f, i) => (
          <li key={`${f.name}-${i}`} className="relative aspect-square overflow-hidden rounded-lg border border-slate-300 bg-white">
            <img src={previews[i]} alt={`Detail ${i + 1}`} className="size-full object-cover" />
            <button
              type="button"
              onClick={() => onChange(files.filter((_, j) => j !== i))}
              className="absolute right-1 top-1 rounded-full bg-white/90 p-1 text-slate-800 shadow"
              aria-label={`Remove detail photo ${i + 1}`}
            >
              <X aria-hidden className="size-4" />
            </button>
          </li>
        ))}
        {room > 0 && (
          <li className="relative aspect-square rounded-lg border-2 border-dashed border-slate-300 bg-white focus-within:border-brand-600 hover:border-brand-600">
            <label
              htmlFor={id}
              className="flex size-full cursor-pointer flex-col items-center justify-center gap-1 p-2 text-center text-xs text-slate-700"
            >
              <ImagePlus aria-hidden className="size-5" />
              <span className="font-medium">Add</span>
            </label>
            <input
              id={id}
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
              className="sr-only"
              aria-label="Add detail photos"
              aria-describedby={`${id}-hint`}
              onChange={(e) => {
                onChange([...files, ...Array.from(e.target.files ?? [])].slice(0, MAX_DETAIL_IMAGES));
                e.target.value = '';
              }}
            />
          </li>
        )}
      </ul>
    </fieldset>
  );
}
