import type { ReactNode } from 'react';
import { ImageButton } from '@web/components/image-viewer';

export type OpenImage = (image: { url: string; alt: string }) => void;

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** A titled image that opens full size, or nothing when the grading has no such image. */
export function Figure({
  url,
  alt,
  onImage,
  className = 'h-40',
}: {
  url: string | null | undefined;
  alt: string;
  onImage: OpenImage;
  className?: string;
}) {
  if (!url) return null;
  return (
    <figure className="grid gap-1">
      <ImageButton
        url={url}
        alt={alt}
        onOpen={onImage}
        className={`${className} w-full overflow-hidden rounded-md border border-slate-200 bg-slate-50`}
      />
      <figcaption className="text-xs text-slate-600">{alt}</figcaption>
    </figure>
  );
}

export const NA = 'N/A';
export const orNA = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? NA : String(v));
/** Confidence is stored 0–1 on gradings and 0–100 in decision logs: shown as a percent either way. */
export const percent = (v: unknown) => (typeof v === 'number' ? `${Math.round(v <= 1 ? v * 100 : v)}%` : NA);
export const camelWords = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
