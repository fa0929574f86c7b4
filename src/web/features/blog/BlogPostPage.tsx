import { marked } from 'marked';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import NotFoundPage from '@web/app/NotFoundPage';
import { formatDate } from '@web/lib/format';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { findPost } from './posts';

export default function BlogPostPage() {
  const post = findPost(useParams().slug);
  useDocumentTitle(post?.title ?? 'Page not found');
  if (!post) return <NotFoundPage />;
  // The Markdown is our own repository content, never user input, so rendering it as HTML is safe.
  const html = marked.parse(post.markdown, { async: false });
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/blog" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> All posts
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
      <p className="mt-2 text-sm text-slate-600">
        <time dateTime={post.date}>{formatDate(`${post.date}T12:00:00Z`)}</time> · {post.author}
      </p>
      <div className="prose-post mt-6" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
