import type { TNewerVersion, TStepAuthor } from '@impact/domain';
import type { StepResultRow } from '../submission-core/step-authors';

/** What a stale write's 409 says about the version that won: when, which, and who saved it (no content). */
export function newerVersion(row: StepResultRow, author: TStepAuthor | null): TNewerVersion {
  return {
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedByUserId ? author : null,
  };
}
