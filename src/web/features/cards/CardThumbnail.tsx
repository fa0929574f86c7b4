import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@web/lib/cn';

const SIZES = { sm: 'w-10', md: 'w-16' } as const;

/**
 * A catalogue card's picture, loaded lazily through our own server (/api/catalogue/cards/{id}/image/…,
 * which fetches it from the catalogue's host once and answers its own placeholder picture when that
 * host cannot be reached). Where even that fails (a missing image, the server away) a card-shaped
 * outline with the set and number takes its place, so the list keeps its rhythm and still says which
 * printing it is. `alt=""` where the text beside it already names the card (the picker's options).
 */
export function CardThumbnail({
  src,
  alt,
  setLabel,
  number,
  size = 'sm',
}: {
  src: string | null;
  alt: string;
  setLabel: string;
  number: string;
  size?: keyof typeof SIZES;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = cn('aspect-[63/88] shrink-0 rounded-[4px]', SIZES[size]);
  if (!src || failed === src)
    return (
      <span
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        data-thumbnail="placeholder"
        className={cn(
          box,
          'flex flex-col items-center justify-center gap-0.5 overflow-hidden border-2 border-slate-300 bg-slate-100 p-0.5 text-slate-600',
        )}
      >
        <ImageOff aria-hidden className={size === 'sm' ? 'size-3.5' : 'size-5'} />
        <span className="max-w-full truncate text-[9px] font-semibold leading-tight">#{number}</span>
        {size === 'md' && <span className="max-w-full truncate text-[9px] leading-tight">{setLabel}</span>}
      </span>
    );
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      data-thumbnail="image"
      onError={() => setFailed(src)}
      className={cn(box, 'bg-slate-100 object-cover')}
    />
  );
}
