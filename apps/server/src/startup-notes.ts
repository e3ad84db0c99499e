import type { AppConfig } from './config';

type Exposure = Pick<
  AppConfig,
  'host' | 'isProduction' | 'loopbackOnly' | 'privateInstall' | 'devOutbox' | 'apiDocs' | 'publicUrl'
>;

/**
 * What the operator must know at start, beside the URL: which developer conveniences are on, and
 * why those that would expose the install (published demo passwords, mailed reset links) are off.
 */
export function exposureNotes(config: Exposure, url: string): string[] {
  const notes: string[] = [];
  if (config.devOutbox) notes.push(`  Mails are not sent (no SMTP_URL): read them at ${url}/dev/outbox`);
  if (!config.privateInstall) {
    const why = config.isProduction
      ? 'NODE_ENV=production'
      : !config.loopbackOnly
        ? `HOST=${config.host} accepts connections from the network`
        : `PUBLIC_URL=${config.publicUrl} is not local`;
    notes.push(`  Demo accounts and /dev/outbox are off: ${why}.`);
  }
  notes.push(`  API docs: ${config.apiDocs ? `${url}/api/docs` : 'off (set API_DOCS=true to serve /api/docs)'}`);
  return notes;
}
