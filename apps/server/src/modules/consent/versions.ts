import { createHash } from 'node:crypto';
import { configTextsIn, DEFAULT_CONFIG, DEFAULT_LANGUAGE, type TLanguage } from '@impact/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { configs, consentAcceptances, consentTextVersions } from '../../db/schema';

const hashOf = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The version row of this exact consent text, created the first time the text is seen. Called when
 * a configuration is saved (so every wording is kept, accepted or not) and when a person accepts.
 */
export async function consentVersionOf(tx: Db | Tx, text: string): Promise<string> {
  const textHash = hashOf(text);
  await tx.insert(consentTextVersions).values({ textHash, text }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: consentTextVersions.id })
    .from(consentTextVersions)
    .where(eq(consentTextVersions.textHash, textHash));
  if (!row) throw new Error('consent version vanished');
  return row.id;
}

/** The consent text a reader of `language` is shown now: the active branding's in it (the built-in default without one). */
async function currentConsentText(tx: Db | Tx, language: TLanguage): Promise<string> {
  const [row] = await tx
    .select({ message: configs.message, dataConsentText: configs.dataConsentText, translations: configs.translations })
    .from(configs)
    .where(eq(configs.isActive, true))
    .limit(1);
  return configTextsIn(row ?? DEFAULT_CONFIG, language).dataConsentText;
}

/**
 * Records that the person ticked the consent for this organization under the text shown now.
 * Saving the form again under the same text adds nothing; a changed text adds a new acceptance.
 */
export async function recordConsent(
  tx: Db | Tx,
  userId: string,
  organizationId: string,
  language: TLanguage = DEFAULT_LANGUAGE,
  now = new Date(),
) {
  // The wording the person read: the one of the language their form was in.
  const versionId = await consentVersionOf(tx, await currentConsentText(tx, language));
  const [already] = await tx
    .select({ id: consentAcceptances.id })
    .from(consentAcceptances)
    .where(
      and(
        eq(consentAcceptances.userId, userId),
        eq(consentAcceptances.organizationId, organizationId),
        eq(consentAcceptances.versionId, versionId),
      ),
    )
    .limit(1);
  if (already) return;
  await tx.insert(consentAcceptances).values({ userId, organizationId, versionId, acceptedAt: now });
}
