import { type TUserCallListItem, ZUserCallListItem } from '@impact/domain';
import { eq, not } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calls, catalogueVersions } from '../../db/schema';
import { toCallListItem } from '../calls/service';
import type { CallRow } from '../submission-core/access';
import { forApplicant } from './service';

/** What a card shows before the organization's own submission and decision are added. */
export type CatalogueCard = Omit<TUserCallListItem, 'submissionId' | 'submissionClosed' | 'outcome'>;

export type CatalogueEntry = {
  id: string;
  card: CatalogueCard;
  /**
   * The card as JSON without its closing brace, checked against the contract once per load: a
   * page is these joined with the organization's three fields (serialising every card
   * on every request was most of the list's CPU).
   */
  cardJson: string;
  /** null: the e-mail filter is off (everyone sees it); otherwise the addresses allowed, lower-case, trimmed. */
  allowed: Set<string> | null;
  openingMs: number;
  closingMs: number;
  lockEndMs: number | null;
};

/**
 * The addresses a call's e-mail filter lets in, as SPEC 1 and 6 and `emailAllowedByFilter` read
 * it: comma-separated, case-insensitive, spaces trimmed, empty entries ignored; null when the
 * filter is off. A test holds the two together.
 */
export function allowedEmails(call: { isUserFilterEnable: boolean; userFilterEmail: string }): Set<string> | null {
  if (!call.isUserFilterEnable) return null;
  return new Set(call.userFilterEmail.split(',').map(normalEmail).filter(Boolean));
}

/** How the filter compares addresses: trimmed, lower-case. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/** Whether the call is shown to this address (already normalEmail'd: the list asks for every call). */
export const visibleTo = (entry: Pick<CatalogueEntry, 'allowed'>, email: string) =>
  entry.allowed === null || entry.allowed.has(email);

/** The calls in list order, and those of them behind an e-mail filter (a user's total needs only these). */
export type CatalogueOrder = {
  entries: CatalogueEntry[];
  restricted: CatalogueEntry[];
  /** Grows with every new order of this catalogue: what was made from an older one is stale. */
  serial: number;
};

/** 0 open, 1 not open yet, 2 closed: the list's first order key. */
const rankAt = (e: CatalogueEntry, now: number) => (e.closingMs < now ? 2 : e.openingMs > now ? 1 : 0);

/**
 * The calls applicants may be shown (every call but drafts), held in memory per database and
 * per server instance, in the applicant's shape. Each list request reads the calls' version
 * (`catalogue_versions`, bumped by a trigger on every change of the table) in the same query that
 * reads the organization's submissions; a different version reloads the copy first, so a list is
 * never older than the request. The order (open first, closing soonest; then not yet open; then
 * closed, most recent first) is computed once and kept until the next opening or closing moment.
 */
/** How far before an order's moment a request's own moment may lie and still be given that order. */
const STRAGGLER_MS = 1_000;

export class CallCatalogue {
  private version = -1;
  private entries: CatalogueEntry[] = [];
  private loading: Promise<void> | null = null;
  private loadingVersion = -1;
  private order: (CatalogueOrder & { from: number; until: number }) | null = null;
  private serial = 0;

  constructor(private readonly db: Db) {}

  /** The calls in list order at `now`, from a copy at least as new as `version`. */
  async ordered(version: number, now: number): Promise<CatalogueOrder> {
    // Twice at most: a load already running may predate this version.
    for (let i = 0; i < 2 && this.version < version; i++) await this.load(version);
    const order = this.order;
    // A request that waited for its organization's state (or for this load) brings a moment a
    // little older than the order another request sorted meanwhile: it gets that order, whose
    // moment is still before its answer leaves, rather than a sort for an earlier moment, which
    // would make every kept page stale (call-list-pages.ts) just when most applicants are active.
    if (order && now >= order.from - STRAGGLER_MS && now < order.until) return order;
    return this.sort(now);
  }

  private load(version: number): Promise<void> {
    if (this.loading && this.loadingVersion >= version) return this.loading;
    this.loadingVersion = version;
    const loading = this.read().finally(() => {
      if (this.loading === loading) this.loading = null;
    });
    this.loading = loading;
    return loading;
  }

  /** Version first, then the rows: a change committed in between is only read twice, never missed. */
  private async read() {
    const [row] = await this.db
      .select({ version: catalogueVersions.version })
      .from(catalogueVersions)
      .where(eq(catalogueVersions.name, 'calls'));
    const rows = await this.db.select().from(calls).where(not(calls.draft));
    const version = row?.version ?? 0;
    if (version < this.version) return;
    this.entries = rows.map(entryOf);
    this.version = version;
    this.order = null;
  }

  private sort(now: number): CatalogueOrder {
    const byClosing = (e: CatalogueEntry) => (rankAt(e, now) === 2 ? -e.closingMs : e.closingMs);
    const entries = [...this.entries].sort(
      (a, b) =>
        rankAt(a, now) - rankAt(b, now) || byClosing(a) - byClosing(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    // The order holds until a call opens (opening moment reached) or closes (closing moment passed).
    let until = Number.POSITIVE_INFINITY;
    for (const e of this.entries) {
      if (e.openingMs > now) until = Math.min(until, e.openingMs);
      if (e.closingMs >= now) until = Math.min(until, e.closingMs + 1);
    }
    this.serial += 1;
    const restricted = entries.filter((e) => e.allowed !== null);
    this.order = { entries, restricted, serial: this.serial, from: now, until };
    return this.order;
  }
}

const ZCatalogueCard = ZUserCallListItem.omit({ submissionId: true, submissionClosed: true, outcome: true });

/**
 * One card per call, in the contract's shape (fields it does not name are dropped, as the
 * serializer does). A card the contract refuses is still shown, as it is, and said in the log at
 * each load: a bad row must neither hide a call from every applicant nor fail every list.
 */
function entryOf(row: CallRow): CatalogueEntry {
  const { steps: _steps, ...card } = forApplicant({ ...toCallListItem(row), steps: [] }, null);
  const { submissionId: _id, submissionClosed: _closed, ...rest } = card;
  const checked = ZCatalogueCard.safeParse(rest);
  if (!checked.success)
    console.error(`call ${row.id}: its applicant card breaks the contract: ${checked.error.message}`);
  return {
    id: row.id,
    card: rest,
    cardJson: JSON.stringify(checked.success ? checked.data : rest).slice(0, -1),
    allowed: allowedEmails(row),
    openingMs: row.openingAt.getTime(),
    closingMs: row.closingAt.getTime(),
    lockEndMs: row.callLockEnd?.getTime() ?? null,
  };
}

const catalogues = new WeakMap<Db, CallCatalogue>();

/** The catalogue of this database connection (one per app; tests build many apps). */
export function callCatalogue(db: Db): CallCatalogue {
  let catalogue = catalogues.get(db);
  if (!catalogue) {
    catalogue = new CallCatalogue(db);
    catalogues.set(db, catalogue);
  }
  return catalogue;
}
