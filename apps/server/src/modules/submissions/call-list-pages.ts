import type { Db } from '../../db/client';
import { COMPRESSION_THRESHOLD, compressJson, type JsonEncoding } from '../../plugins/json-compression';
import type { OrgSubmissionRow } from '../submission-core/org-state-cache';

const submissionsIds = new WeakMap<readonly OrgSubmissionRow[], number>();
let lastSubmissionsId = 0;

/**
 * A number for each array of an organization's submissions (org-state-cache.ts hands out one array
 * until a change to the organization): a kept page holds the number, not the array, so it keeps no
 * superseded submissions in memory. Numbers are never reused.
 */
function submissionsIdOf(submissions: readonly OrgSubmissionRow[]): number {
  let id = submissionsIds.get(submissions);
  if (id === undefined) {
    id = ++lastSubmissionsId;
    submissionsIds.set(submissions, id);
  }
  return id;
}

/** A page of the applicant call list as sent: its bytes, and each encoding once asked for. */
export class SentPage {
  private readonly encoded = new Map<JsonEncoding, Promise<Buffer>>();
  /** Which array of the organization's submissions the page was made from. */
  readonly submissionsId: number;

  constructor(
    readonly body: Buffer,
    readonly total: number,
    /**
     * What the page was made from: a copy is good only while the list would use the very same
     * (the catalogue order by its serial and the submissions by their number, so a kept page
     * holds neither an old catalogue nor old submissions in memory).
     */
    readonly orderSerial: number,
    submissions: readonly OrgSubmissionRow[],
    /** The moment a lock on this page ends and a decision shows on its card (+Infinity: none). */
    readonly until: number,
  ) {
    this.submissionsId = submissionsIdOf(submissions);
  }

  /** Whether the page is worth compressing at all (the JSON compression's own threshold). */
  get compressible() {
    return this.body.length >= COMPRESSION_THRESHOLD;
  }

  /** The body in `encoding`, compressed once per page (a failed compression is tried again next time). */
  encodedAs(encoding: JsonEncoding): Promise<Buffer> {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = compressJson(this.body, encoding);
      this.encoded.set(encoding, bytes);
      bytes.catch(() => this.encoded.delete(encoding));
    }
    return bytes;
  }
}

/** About 600 pages of 20 cards with their compressed copies: enough for every applicant active at once. */
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * What a page costs in memory besides its body and compressed copies (three times the body):
 * its key, its object and its map entry. Counted so that many tiny pages (an applicant walking
 * page numbers) fill the budget too.
 */
const PAGE_OVERHEAD_BYTES = 1024;
const weightOf = (page: SentPage) => page.body.length * 3 + PAGE_OVERHEAD_BYTES;

/**
 * The pages of the applicant call list last sent, per organization, address and page (building each page's JSON, counting its bytes and encoding it for the socket, and compressing
 * it for the browser, were most of the list's CPU once the data came from memory). A page is served
 * again only while it was made from exactly what the list would use now: the same catalogue order
 * (the same calls' version and the same opening and closing window, call-catalogue.ts), the same
 * submissions of the organization (org-state-cache.ts hands out one array until a change to the
 * organization), and before any lock on the page ends. Least recently used pages go first.
 * Why and what it measured: docs/decisions/0011-call-list-from-memory-on-the-change-feed.md.
 */
export class SentPages {
  private readonly pages = new Map<string, SentPage>();
  private bytes = 0;
  /** The newest catalogue order a page was kept for: every page of an older one is stale. */
  private orderSerial = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  get(key: string, orderSerial: number, submissions: readonly OrgSubmissionRow[], now: number): SentPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.orderSerial !== orderSerial || page.submissionsId !== submissionsIdOf(submissions) || now >= page.until) {
      this.remove(key, page);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  set(key: string, page: SentPage) {
    // A request that began before the catalogue changed brings a page already stale; a newer
    // order makes every page kept so far stale, and they go at once.
    if (page.orderSerial < this.orderSerial) return;
    if (page.orderSerial > this.orderSerial) {
      this.pages.clear();
      this.bytes = 0;
      this.orderSerial = page.orderSerial;
    }
    const old = this.pages.get(key);
    if (old) this.remove(key, old);
    this.pages.set(key, page);
    this.bytes += weightOf(page);
    for (const [oldest, oldPage] of this.pages) {
      if (this.bytes <= this.maxBytes || oldest === key) break;
      this.remove(oldest, oldPage);
    }
  }

  get size() {
    return this.pages.size;
  }

  private remove(key: string, page: SentPage) {
    this.pages.delete(key);
    this.bytes -= weightOf(page);
  }
}

const sentPages = new WeakMap<Db, SentPages>();

/** The sent pages of this database connection (one per app; tests build many apps). */
export function sentPagesOf(db: Db): SentPages {
  let pages = sentPages.get(db);
  if (!pages) {
    pages = new SentPages();
    sentPages.set(db, pages);
  }
  return pages;
}
