import { describe, expect, it } from 'vitest';
import type { OrgSubmissionRow } from '../submission-core/org-state-cache';
import type { CatalogueOrder } from './call-catalogue';
import { SentPage, SentPages } from './call-list-pages';

const order = (): CatalogueOrder => ({ entries: [], restricted: [] });
const page = (bytes: number, o: CatalogueOrder, submissions: OrgSubmissionRow[], until = Number.POSITIVE_INFINITY) =>
  new SentPage(Buffer.alloc(bytes, 32), 0, o, submissions, until);

describe('pages of the call list kept as sent (issue 16)', () => {
  it('serves a page only while its order, its submissions and its time still hold', () => {
    const pages = new SentPages();
    const o = order();
    const subs: OrgSubmissionRow[] = [];
    pages.set('a', page(10, o, subs, 1_000));
    expect(pages.get('a', o, subs, 999)).toBeDefined();
    // A new catalogue order (a call changed, opened or closed) or new submissions: made again.
    expect(pages.get('a', order(), subs, 999)).toBeUndefined();
    pages.set('a', page(10, o, subs, 1_000));
    expect(pages.get('a', o, [], 999)).toBeUndefined();
    // A lock on the page has ended: its decision must show.
    pages.set('a', page(10, o, subs, 1_000));
    expect(pages.get('a', o, subs, 1_000)).toBeUndefined();
    expect(pages.size).toBe(0);
  });

  it('lets the least recently used pages go beyond its size', () => {
    // Each page counts three times its body (room for its compressed copies): 300 bytes here.
    const pages = new SentPages(700);
    const o = order();
    const subs: OrgSubmissionRow[] = [];
    pages.set('a', page(100, o, subs));
    pages.set('b', page(100, o, subs));
    expect(pages.get('a', o, subs, 0)).toBeDefined();
    pages.set('c', page(100, o, subs));
    expect(pages.size).toBe(2);
    expect(pages.get('b', o, subs, 0)).toBeUndefined();
    expect(pages.get('a', o, subs, 0)).toBeDefined();
    expect(pages.get('c', o, subs, 0)).toBeDefined();
  });

  it('compresses a page once per encoding', async () => {
    const p = page(2_000, order(), []);
    const first = p.encodedAs('br');
    expect(p.encodedAs('br')).toBe(first);
    expect((await first).length).toBeLessThan(100);
    expect(p.compressible).toBe(true);
    expect(page(100, order(), []).compressible).toBe(false);
  });
});
