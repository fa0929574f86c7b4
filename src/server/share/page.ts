import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ZSharedBinderParams, ZSharedCardParams, sharedBinderPath, sharedCardPath } from '@contract/share';
import type { ShareService } from './service';

/** A picture for links to a binder without photos (1200×630, the size Open Graph previews use). */
export const DEFAULT_SHARE_IMAGE = '/og-default.png';

export interface ShareMeta {
  title: string;
  description: string;
  /** Absolute URLs (crawlers resolve nothing), or null without PUBLIC_URL: the tags are left out. */
  url: string | null;
  image: string | null;
}

/** Text for an HTML attribute or element: the five characters that could end one. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** "3 graded cards worth $1,234.50 in total" — the line a chat app shows under the link. */
export const cardCountAndValue = (count: number, totalValue: string) =>
  `${count} graded card${count === 1 ? '' : 's'} worth ${usd.format(Number(totalValue))} in total`;

/**
 * index.html with the page's title and its Open Graph / Twitter tags in <head>. Crawlers (chat apps,
 * social sites) read only the HTML the server sends; they run no script. Every value is escaped.
 * `noindex`: a share link is for the people it is sent to, not for search engines.
 */
export function withShareTags(indexHtml: string, meta: ShareMeta): string {
  const tag = (attr: 'property' | 'name', key: string, value: string | null) =>
    value === null ? '' : `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    tag('name', 'description', meta.description),
    tag('name', 'robots', 'noindex'),
    tag('property', 'og:type', 'website'),
    tag('property', 'og:site_name', 'GradeVault'),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    tag('property', 'og:image', meta.image),
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', meta.image),
  ].join('');
  return indexHtml
    .replace(/<meta\s+name="description"[^>]*>/i, '')
    .replace(/<title>[\s\S]*?<\/title>/i, `<title>${escapeHtml(`${meta.title} · GradeVault`)}</title>`)
    .replace(/<\/head>/i, `${tags}</head>`);
}

/**
 * The share pages' HTML: /shared/binders/{id} and /shared/binders/{id}/cards/{userCardId} answer the
 * web app's index.html with the binder's (or card's) tags. A private or missing binder gets the plain
 * index.html with status 404 and no tags — the web app then says "not found or not shared", and a
 * crawler learns nothing. Assets for the router (not API routes): the answer is the same for everyone.
 */
export function registerSharePages(app: FastifyInstance, share: ShareService, distDir: string, publicUrl: string | undefined) {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  // The site's address comes from PUBLIC_URL, never from the request's Host header (issue 23.10): a
  // crafted Host would otherwise put another site's address in a preview that caches and spreads it.
  // Without PUBLIC_URL the absolute og:url / og:image tags are left out.
  const base = publicUrl?.replace(/\/+$/, '') ?? null;
  const absolute = (p: string) => (base === null ? null : base + p);
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);

  app.get('/shared/binders/:id', { config: { access: 'asset' } }, async (request, reply) => {
    const params = ZSharedBinderParams.safeParse(request.params);
    const view = params.success ? await share.binder(params.data.id) : null;
    if (!view) return send(reply, 404, indexHtml);
    const { binder } = view;
    const lead = cardCountAndValue(binder.cardCount, binder.totalValue);
    return send(
      reply,
      200,
      withShareTags(indexHtml, {
        title: binder.name,
        description: `${lead}, shared by ${binder.ownerUsername}.${binder.description ? ` ${binder.description}` : ''}`,
        url: absolute(sharedBinderPath(binder.id)),
        image: absolute(view.coverImageUrl ?? DEFAULT_SHARE_IMAGE),
      }),
    );
  });

  app.get('/shared/binders/:id/cards/:userCardId', { config: { access: 'asset' } }, async (request, reply) => {
    const params = ZSharedCardParams.safeParse(request.params);
    const view = params.success ? await share.card(params.data.id, params.data.userCardId) : null;
    if (!view) return send(reply, 404, indexHtml);
    const { card, binder } = view;
    const platform = card.recommendedPlatform === 'BGS' || card.recommendedPlatform === 'CGC' ? card.recommendedPlatform : 'PSA';
    const grade = platform === 'BGS' ? card.bgsGrade : platform === 'CGC' ? card.cgcGrade : card.psaGrade;
    const value = platform === 'BGS' ? card.bgsEstimatedValue : platform === 'CGC' ? card.cgcEstimatedValue : card.psaEstimatedValue;
    const graded = grade === null ? 'Not graded' : `${platform} ${grade}`;
    return send(
      reply,
      200,
      withShareTags(indexHtml, {
        title: `${card.cardName} · ${card.cardSet} #${card.cardNumber}`,
        description: `${graded}${value === null ? '' : `, estimated ${usd.format(Number(value))}`}. From ${binder.name}, shared by ${binder.ownerUsername}.`,
        url: absolute(sharedCardPath(binder.id, card.userCardId)),
        image: absolute(card.frontImageUrl ?? DEFAULT_SHARE_IMAGE),
      }),
    );
  });
}
