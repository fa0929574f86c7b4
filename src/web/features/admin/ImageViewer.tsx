import { Dialog } from 'radix-ui';
import { DialogPanel } from '@web/components/ui/dialog';

/** The larger image viewer every admin image opens (§2.7): the image at full size, closed by Escape or outside. */
export function ImageViewer({ image, onClose }: { image: { url: string; alt: string } | null; onClose: () => void }) {
  return (
    <Dialog.Root open={!!image} onOpenChange={(open) => !open && onClose()}>
      {image && (
        <DialogPanel title={image.alt} className="w-[min(60rem,calc(100vw-2rem))]">
          <img src={image.url} alt={image.alt} className="max-h-[75dvh] w-full object-contain" />
          <Dialog.Close className="justify-self-end rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100">
            Close
          </Dialog.Close>
        </DialogPanel>
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
}: {
  url: string;
  alt: string;
  onOpen: (image: { url: string; alt: string }) => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={() => onOpen({ url, alt })}
      className={className ?? 'block overflow-hidden rounded-md border border-slate-200 bg-slate-50 hover:ring-2 hover:ring-brand-500'}
      aria-label={`Open ${alt} full size`}
    >
      <img src={url} alt={alt} loading="lazy" className="h-full w-full object-contain" />
    </button>
  );
}
