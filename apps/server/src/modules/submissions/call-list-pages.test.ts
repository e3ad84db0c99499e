import { describe, expect, it } from 'vitest';
import type { OrgSubmissionRow } from '../submission-core/org-state-cache';
import { SentPage, SentPages } from './call-list-pages';

const page = (bytes: number, serial: number, submissions: OrgSubmissionRow[], until = Number.POSITIVE_INFINITY) =>
  new SentPage(Buffer.alloc(bytes, 32), 0, serial, submissions, until);

describe('pages of the call list kept as sent', () => {
  it('serves a page only while its order, its submissions and its time still hold', () => {
    const pages = new SentPages();
    const subs: OrgSubmissionRow[] = [];
    pages.set('a', page(10, 1, subs, 1_000));
    expect(pages.get('a', 1, subs, 999)).toBeDefined();
    // A new catalogue order (a call changed, opened or closed) or new submissions: made again.
    expect(pages.get('a', 2, subs, 999)).toBeUndefined();
    pages.set('a', page(10, 1, subs, 1_000));
    expect(pages.get('a', 1, [], 999)).toBeUndefined();
    // A lock on the page has ended: its decision must show.
    pages.set('a', page(10, 1, subs, 1_000));
    expect(pages.get('a', 1, subs, 1_000)).toBeUndefined();
    expect(pages.size).toBe(0);
    // The page names the submissions it was made from by a number: it keeps no old array alive.
    expect(Object.values(page(10, 1, subs))).not.toContain(subs);
  });

  it('a newer catalogue order lets every older page go, and an older one is not kept', () => {
    const pages = new SentPages();
    const subs: OrgSubmissionRow[] = [];
    pages.set('a', page(10, 1, subs));
    pages.set('b', page(10, 1, subs));
    pages.set('c', page(10, 2, subs));
    expect(pages.size).toBe(1);
    // A request that began before the change brings a page of the old order.
    pages.set('d', page(10, 1, subs));
    expect(pages.size).toBe(1);
    expect(pages.get('c', 2, subs, 0)).toBeDefined();
  });

  it('lets the least recently used pages go beyond its size, counting what each page costs besides its body', () => {
    // Each page counts three times its body (room for its compressed copies) plus 1 KB: 1,324 bytes.
    const pages = new SentPages(3_000);
    const subs: OrgSubmissionRow[] = [];
    pages.set('a', page(100, 1, subs));
    pages.set('b', page(100, 1, subs));
    expect(pages.get('a', 1, subs, 0)).toBeDefined();
    pages.set('c', page(100, 1, subs));
    expect(pages.size).toBe(2);
    expect(pages.get('b', 1, subs, 0)).toBeUndefined();
    expect(pages.get('a', 1, subs, 0)).toBeDefined();
    expect(pages.get('c', 1, subs, 0)).toBeDefined();
    // Tiny pages fill the budget too.
    const tiny = new SentPages(10_000);
    for (let i = 0; i < 100; i++) tiny.set(`p${i}`, page(2, 1, subs));
    expect(tiny.size).toBeLessThan(10);
  });

  it('compresses a page once per encoding', async () => {
    const p = page(2_000, 1, []);
    const first = p.encodedAs('br');
    expect(p.encodedAs('br')).toBe(first);
    expect((await first).length).toBeLessThan(100);
    expect(p.compressible).toBe(true);
    expect(page(100, 1, []).compressible).toBe(false);
  });
});
