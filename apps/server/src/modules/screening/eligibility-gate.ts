import type { TLanguage } from '@impact/domain';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { latestScreening, reasonsIn } from './screen';
import { screenerOf } from './screener-store';

/**
 * Before a new application is started (UpsertCallSubmission, in its transaction): a call with a
 * screener needs the organization's latest screening, made against the screener as it is now,
 * to be eligible. Otherwise 403 with the reasons in the request's language (none when it has not
 * screened yet, or only against an older screener). An application already started never comes
 * here: changing the rules leaves it alone.
 */
export async function assertEligibleToStart(
  tx: Tx,
  callId: string,
  organizationId: string,
  language: TLanguage,
): Promise<void> {
  const screener = await screenerOf(tx, callId);
  if (!screener) return;
  const latest = await latestScreening(tx, callId, organizationId);
  if (!latest || latest.screenerVersion !== screener.version)
    throw new AppError('forbidden', { messageKey: 'errors.screening.required', extensions: { reasons: [] } });
  if (!latest.eligible)
    throw new AppError('forbidden', {
      messageKey: 'errors.screening.ineligible',
      extensions: { reasons: reasonsIn(latest.reasons, language) },
    });
}
