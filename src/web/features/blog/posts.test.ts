import { describe, expect, it } from 'vitest';
import { findPost, parsePost, posts } from './posts';

describe('blog posts', () => {
  it('has posts with every front-matter field, unique slugs, newest first', () => {
    expect(posts.length).toBeGreaterThanOrEqual(4);
    for (const p of posts) {
      expect(p.title && p.summary && p.author && p.markdown.length > 200).toBeTruthy();
      expect(p.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);
    expect([...posts].sort((a, b) => b.date.localeCompare(a.date))).toEqual(posts);
  });
  it('finds a post by slug and nothing for an unknown one', () => {
    expect(findPost('understanding-centering-ratios')?.title).toBe('Understanding centering ratios');
    expect(findPost('nope')).toBeUndefined();
  });
  it('rejects a post without front matter', () => {
    expect(() => parsePost('./posts/x.md', '# no front matter')).toThrow(/front matter/);
  });
});
