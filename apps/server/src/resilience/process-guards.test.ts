import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = path.join(import.meta.dirname, '../..');

describe('process guards', () => {
  it('an unhandled rejection and an error thrown from a callback are logged; the process goes on', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/process-guards-child.ts'], {
      cwd: serverDir,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('error unhandled promise rejection (the process goes on) nobody awaited me');
    expect(run.stdout).toContain('fatal uncaught exception (the process goes on) thrown from a callback');
    expect(run.stdout).toContain('still alive');
  });
});
