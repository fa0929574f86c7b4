import { AlertDialog, Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

const OVERLAY = 'fixed inset-0 z-50 bg-black/50';
// grid-cols-[minmax(0,1fr)]: a grid track grows to its widest child by default, so one wide table or
// image made the whole dialog wider than a phone and shifted it sideways (issue 24); the column keeps to
// the panel and wide content scrolls inside its own box.
const PANEL =
  'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 grid-cols-[minmax(0,1fr)] gap-4 overflow-y-auto rounded-xl bg-white p-4 shadow-xl sm:p-6';

/** A modal dialog's panel: overlay, title and description (Radix handles focus, Escape and labelling). */
export function DialogPanel({
  title,
  description,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className={OVERLAY} />
      <Dialog.Content className={cn(PANEL, className)} {...(description ? {} : { 'aria-describedby': undefined })}>
        <div className="grid gap-1">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          {description && <Dialog.Description className="text-sm text-slate-600">{description}</Dialog.Description>}
        </div>
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/** A confirmation (role alertdialog): the panel of a Radix AlertDialog, for changes that cannot be undone. */
export function ConfirmPanel({ title, description, children }: { title: ReactNode; description: ReactNode; children: ReactNode }) {
  return (
    <AlertDialog.Portal>
      <AlertDialog.Overlay className={OVERLAY} />
      <AlertDialog.Content className={PANEL}>
        <div className="grid gap-1">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-slate-700">{description}</AlertDialog.Description>
        </div>
        {children}
      </AlertDialog.Content>
    </AlertDialog.Portal>
  );
}
