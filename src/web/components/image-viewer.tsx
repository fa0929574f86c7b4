import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@web/lib/cn';

export interface ViewedImage {
  url: string;
  alt: string;
}

/**
 * The one full-size image viewer (card profile evidence, every admin image, spec §2.7): the whole image
 * fitted inside the screen at any width, never cropped, with its name and a Close button that stay in
 * view above it. Escape, the button or a click on the dark backdrop closes it.
 */
export function ImageViewer({ image, onClose }: { image: ViewedImage | null; onClose: () => void }) {
  return (
    <Dialog.Root open={!!image} onOpenChange={(open) => !open && onClose()}>
      {image && (
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-0 z-50 flex flex-col gap-2 p-2 sm:p-6"
            // A click on the empty space around the image closes, like a click on the backdrop.
            onClick={(e) => e.target === e.currentTarget && onClose()}
          >
            <div className="flex min-w-0 items-center gap-2">
              <Dialog.Title className="min-w-0 flex-1 truncate text-sm font-medium text-white">{image.alt}</Dialog.Title>
              <Dialog.Close
                className="flex shrink-0 items-center gap-1 rounded-full bg-white px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100"
                aria-label="Close"
              >
                <X aria-hidden className="size-4" />
                Close
              </Dialog.Close>
            </div>
            {/* min-h-0: the image may shrink to the space left under the title row, so it is never cut. */}
            {/* The empty space around the image lets clicks through to the panel, which closes. */}
            <div className="pointer-events-none flex min-h-0 flex-1 items-center justify-center">
              <img
                src={image.url}
                alt={image.alt}
                className="pointer-events-auto max-h-full max-w-full rounded-md bg-white object-contain"
              />
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      )}
    </Dialog.Root>
  );
}

/** A thumbnail that opens the viewer: a real button, so it works from the keyboard. */
export function ImageButton({
  url,
  alt,
  onOpen,
  className,
  imageClassName,
}: {
  url: string;
  alt: string;
  onOpen: (image: ViewedImage) => void;
  className?: string;
  imageClassName?: string;
}) {
  return (
    <button
      type="button"
      onClick={() => onOpen({ url, alt })}
      className={className ?? 'block overflow-hidden rounded-md border border-slate-200 bg-slate-50 hover:ring-2 hover:ring-brand-500'}
      aria-label={`Open ${alt} full size`}
    >
      <img src={url} alt={alt} loading="lazy" className={cn('h-full w-full object-contain', imageClassName)} />
    </button>
  );
}
