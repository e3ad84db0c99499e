import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { citedPaths, exists } from './check-doc-paths';

describe('the doc-path check', () => {
  it('takes paths from inline code, links and plain text, and leaves out what is not a path', () => {
    const doc = [
      'See `modules/pdf/text.ts` and [a record](decisions/0001-bounded-inputs.md).',
      'Also docs/decisions/0003-slow-work-on-threads.md in a sentence, and `render-pool.ts`.',
      'Not paths: `Config/GetConfig`, `/api/docs`, `modules/<domain>/`, `errors.pdf.busy`, `dist/main.js`, `./data`.',
      '```',
      'apps/server/src/gone.ts inside a fence',
      '```',
      'A line suffix goes: `apps/server/src/app.ts:12`.',
    ].join('\n');
    expect(citedPaths(doc).map((c) => c.path)).toEqual([
      'modules/pdf/text.ts',
      'decisions/0001-bounded-inputs.md',
      'render-pool.ts',
      'docs/decisions/0003-slow-work-on-threads.md',
      'Config/GetConfig',
      'apps/server/src/app.ts',
    ]);
  });

  it('resolves from the root, the doc folder and the source roots, and reports what is missing', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-paths-'));
    fs.mkdirSync(path.join(root, 'apps/server/src/modules/pdf'), { recursive: true });
    fs.writeFileSync(path.join(root, 'apps/server/src/modules/pdf/text.ts'), '');
    fs.mkdirSync(path.join(root, 'docs/decisions'), { recursive: true });
    fs.writeFileSync(path.join(root, 'docs/decisions/0001-bounded-inputs.md'), '');
    const names = new Set(['text.ts']);
    expect(exists('modules/pdf/text.ts', 'docs', root, names)).toBe(true);
    expect(exists('pdf/text.ts', 'docs', root, names)).toBe(true);
    expect(exists('decisions/0001-bounded-inputs.md', 'docs', root, names)).toBe(true);
    expect(exists('text.ts', 'docs', root, names)).toBe(true);
    expect(exists('modules/pdf/gone.ts', 'docs', root, names)).toBe(false);
    expect(exists('gone.ts', 'docs', root, names)).toBe(false);
    expect(exists('modules/gone/', 'docs', root, names)).toBe(false);
    // A slash without a known folder or ending is an API path, not a file.
    expect(exists('Config/GetConfig', 'docs', root, names)).toBe(true);
    fs.rmSync(root, { recursive: true });
  });
});
