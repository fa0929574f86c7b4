import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { cn } from '@web/lib/cn';

/**
 * One photo slot: tap to take a photo (phone camera) or pick a file, or drop one on it; shows a
 * preview. The server checks and cleans the file; this only helps people pick the right one.
 */
export function PhotoInput({
  label,
  file,
  onChange,
  required,
  compact,
}: {
  label: string;
  file: File | null;
  onChange: (f: File | null) => void;
  required?: boolean;
  compact?: boolean;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  // Most desktop browsers cannot show a HEIC photo (an iPhone's own format); the server reads it all the
  // same, so the slot names the file instead of showing a broken picture.
  const [unviewable, setUnviewable] = useState<string | null>(null);
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        const dropped = e.dataTransfer.files[0];
        if (dropped) onChange(dropped);
      }}
      className={cn(
        'relative flex flex-col items-center justify-center overflow-hidden rounded-lg border-2 border-dashed bg-white text-center',
        dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300',
        compact ? 'aspect-square' : 'aspect-[63/88]',
      )}
    >
      {preview ? (
        <>
          {unviewable === preview ? (
            <p className="flex size-full flex-col items-center justify-center gap-1 p-3 text-xs text-slate-700">
              <span className="font-medium break-all">{file?.name}</span>
              <span>This browser cannot show a preview of this photo. It will be graded as usual.</span>
            </p>
          ) : (
            <img
              src={preview}
              alt={`${label} preview`}
              className="absolute inset-0 size-full object-cover"
              onError={() => setUnviewable(preview)}
            />
          )}
          <button
            type="button"
            onClick={() => onChange(null)}
            className="absolute right-1 top-1 rounded-full bg-white/90 p-1 text-slate-800 shadow"
            aria-label={`Remove ${label}`}
          >
            <X aria-hidden className="size-4" />
          </button>
        </>
      ) : (
        <label htmlFor={id} className="flex size-full cursor-pointer flex-col items-center justify-center gap-1 p-2 text-xs text-slate-700">
          <ImagePlus aria-hidden className={compact ? 'size-5' : 'size-8 text-brand-700'} />
          <span className="font-medium">
            {label}
            {required && ' *'}
          </span>
          {!compact && <span className="text-slate-600">Tap to take or choose a photo, or drop it here</span>}
        </label>
      )}
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
        capture="environment"
        className="sr-only"
        aria-label={label}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
    </div>
  );
}
