/** Blog posts are Markdown files in ./posts with a small front-matter block (title, date, author, summary). */
export type BlogPost = { slug: string; title: string; date: string; author: string; summary: string; markdown: string };

const files = import.meta.glob<string>('./posts/*.md', { query: '?raw', import: 'default', eager: true });

export function parsePost(path: string, raw: string): BlogPost {
  const slug = path.replace(/^.*\/([^/]+)\.md$/, '$1');
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(raw.replace(/\r\n/g, '\n'));
  if (!match) throw new Error(`blog post ${slug} has no front matter`);
  const meta: Record<string, string> = {};
  for (const line of match[1].split('\n')) {
    const i = line.indexOf(':');
    if (i > 0)
      meta[line.slice(0, i).trim()] = line
        .slice(i + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  for (const key of ['title', 'date', 'author', 'summary']) if (!meta[key]) throw new Error(`blog post ${slug} lacks ${key}`);
  return { slug, title: meta.title, date: meta.date, author: meta.author, summary: meta.summary, markdown: match[2].trim() };
}

export const posts: BlogPost[] = Object.entries(files)
  .map(([path, raw]) => parsePost(path, raw))
  .sort((a, b) => b.date.localeCompare(a.date));

export const findPost = (slug: string | undefined): BlogPost | undefined => posts.find((p) => p.slug === slug);
