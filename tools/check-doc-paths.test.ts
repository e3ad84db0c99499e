import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { citedPaths, exists, isSuperseded, missingPaths } from './check-doc-paths';

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

  it('checks only the records a superseded record cites: the files it describes may be gone', () => {
    expect(isSuperseded('# 0011 · Old\n\nSuperseded by 0023 (2026-11-25).\n')).toBe(true);
    expect(isSuperseded('# 0011 · Old\n\n> **Superseded by** [0023](0023-new.md)\n')).toBe(true);
    expect(isSuperseded('# 0011 · Old\n\nDate: 2026-11-25\n\nSuperseded by nothing yet.\n')).toBe(false);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-paths-'));
    fs.mkdirSync(path.join(root, 'docs/decisions'), { recursive: true });
    const write = (name: string, text: string) => fs.writeFileSync(path.join(root, 'docs/decisions', name), text);
    write(
      '0001-old.md',
      '# Old\n\nSuperseded by [0002](0002-new.md).\n\nIt used `lib/gone.ts` and [0009](0009-gone.md).\n',
    );
    write('0002-new.md', '# New\n\nDate: 2026-11-25\n\nIt replaced `lib/gone.ts`.\n');
    execFileSync('git', ['init', '-q'], { cwd: root });
    expect(missingPaths(root).map((m) => `${path.basename(m.doc)} ${m.path}`)).toEqual([
      '0001-old.md 0009-gone.md',
      '0002-new.md lib/gone.ts',
    ]);
    fs.rmSync(root, { recursive: true });
  });
});
