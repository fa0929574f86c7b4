/** The content codings the API compresses JSON with, best first. */
import type { ContentCoding } from '../binders/document-cache';

/**
 * The best coding the client accepts (RFC 9110 §12.5.3): br over gzip, honouring q-values (`q=0`
 * refuses one) and `*`; null means send the body as it is.
 */
export function pickContentCoding(acceptEncoding: string | undefined): ContentCoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  const weight = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((c) => weight(c) > 0).sort((a, b) => weight(b) - weight(a))[0];
  return best ?? null;
}
