import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

const CLAIM_WAIT_MS = 110_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Claims one of the started apps for this journey file until `release` is called. A worker's
 * number (VITEST_POOL_ID) cannot pick the app: the pool is shared with the other projects, so two
 * journeys side by side can carry numbers that pick the same app, and one would see the branding
 * or settings the other just changed. A claim is a directory made atomically; one left by a
 * worker that died is taken over.
 */
export async function claimApp(): Promise<{ baseUrl: string; logFile: string | undefined; release(): void }> {
  const urls = inject('baseUrls');
  const logFiles = inject('appLogFiles');
  const dir = inject('appClaimsDir');
  if (urls.length === 0) throw new Error('no app was started for the journeys');
  const deadline = Date.now() + CLAIM_WAIT_MS;
  while (Date.now() < deadline) {
    for (const [index, baseUrl] of urls.entries()) {
      const claim = path.join(dir, `app-${index}`);
      if (tryClaim(claim))
        return {
          baseUrl,
          logFile: logFiles[index],
          release: () => fs.rmSync(claim, { recursive: true, force: true }),
        };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no journey app became free within ${CLAIM_WAIT_MS / 1000} s`);
}

function tryClaim(claim: string): boolean {
  try {
    fs.mkdirSync(claim);
  } catch {
    const owner = Number(readOwner(claim));
    if (!owner || isAlive(owner)) return false;
    fs.rmSync(claim, { recursive: true, force: true });
    return tryClaim(claim);
  }
  fs.writeFileSync(path.join(claim, 'pid'), String(process.pid));
  return true;
}

function readOwner(claim: string): string {
  try {
    return fs.readFileSync(path.join(claim, 'pid'), 'utf8');
  } catch {
    // made but not yet written: its owner is alive
    return '';
  }
}
