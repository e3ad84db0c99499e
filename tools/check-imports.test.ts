import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importRuleProblems, serverImportProblem, webImportProblem } from './check-imports';

const ROOT = path.resolve(import.meta.dirname, '..');

/** A tree with the two source roots and the given files (path relative to the tree: content). */
function fixture(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-rules-'));
  for (const dir of ['apps/web/src', 'apps/server/src']) fs.mkdirSync(path.join(root, dir), { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('the web import rule', () => {
  it('lets a feature import itself, the step kit and the shared layers', () => {
    expect(webImportProblem('features/applying/pages/a.tsx', 'features/applying/api/b.ts')).toBeNull();
    expect(webImportProblem('features/applying/pages/a.tsx', 'features/step-kit/step-props.ts')).toBeNull();
    expect(webImportProblem('features/step-types/index.tsx', 'features/step-kit/use-autosave.ts')).toBeNull();
    expect(webImportProblem('features/welcome/welcome-page.tsx', 'lib/session-store.ts')).toBeNull();
    expect(webImportProblem('features/welcome/welcome-page.tsx', 'components/brand-logo.tsx')).toBeNull();
    expect(webImportProblem('features/welcome/welcome-page.tsx', 'assets/logo.svg')).toBeNull();
  });

  it('refuses a feature importing another feature or app/', () => {
    expect(webImportProblem('features/applying/pages/a.tsx', 'features/organizations/api/b.ts')).toMatch(
      /feature applying imports feature organizations/,
    );
    expect(webImportProblem('features/step-types/index.tsx', 'features/surveys/components/x.tsx')).toMatch(
      /feature step-types imports feature surveys/,
    );
    // Tests are checked as the code is: a feature's test imports no other feature either.
    expect(webImportProblem('features/review/a.test.tsx', 'features/config/b.ts')).not.toBeNull();
    expect(webImportProblem('features/admin/a.tsx', 'app/router.tsx')).toMatch(/imports app/);
  });

  it('lets app/ compose anything, and keeps lib and components below the features', () => {
    expect(webImportProblem('app/wizard-page.tsx', 'features/step-types/index.tsx')).toBeNull();
    expect(webImportProblem('main.tsx', 'features/auth/guards.tsx')).toBeNull();
    expect(webImportProblem('lib/a.ts', 'features/auth/b.ts')).toMatch(/lib imports features/);
    expect(webImportProblem('components/a.tsx', 'app/layout.tsx')).toMatch(/components imports app/);
  });
});

describe('the server import rule', () => {
  it('refuses infrastructure importing the application modules, and nothing else', () => {
    expect(serverImportProblem('modules/email/attachments.ts', 'modules/pdf/service.ts')).toMatch(
      /infrastructure module email imports pdf/,
    );
    expect(serverImportProblem('modules/auth/routes.ts', 'modules/review/reviewers.ts')).not.toBeNull();
    expect(serverImportProblem('modules/pdf/service.ts', 'modules/email/outbox.ts')).toBeNull();
    expect(serverImportProblem('modules/auth/routes.ts', 'modules/users/service.ts')).toBeNull();
    expect(serverImportProblem('app.ts', 'modules/review/reviewers.ts')).toBeNull();
  });
});

describe('the import check', () => {
  it('lists each forbidden edge of a tree, file to file', () => {
    const root = fixture({
      'apps/web/src/features/organizations/selected.ts': 'export const selected = 1;\n',
      'apps/web/src/features/applying/calls.tsx': "import { selected } from '../organizations/selected';\n",
      'apps/web/src/features/applying/calls.test.tsx': "import '../organizations/selected';\n",
      'apps/server/src/modules/pdf/render.ts': 'export const render = 1;\n',
      'apps/server/src/modules/email/send.ts': "export { render } from '../pdf/render';\n",
    });
    const edge = (from: string, to: string) => expect.stringMatching(new RegExp(`^${from} -> ${to} `));
    expect(importRuleProblems(root).problems.sort()).toEqual([
      edge('server: apps/server/src/modules/email/send.ts', 'apps/server/src/modules/pdf/render.ts'),
      edge('web: apps/web/src/features/applying/calls.test.tsx', 'apps/web/src/features/organizations/selected.ts'),
      edge('web: apps/web/src/features/applying/calls.tsx', 'apps/web/src/features/organizations/selected.ts'),
    ]);
  });

  it('refuses a package loaded on use imported at start by the server, and allows import(), import type and tests', () => {
    const root = fixture({
      'apps/server/src/main.ts': [
        "import './modules/files/eager';",
        "import './modules/files/inline-type';",
        "import './modules/files/lazy';",
        "import './modules/files/side-effect';",
        "import './modules/files/other-package';",
        '',
      ].join('\n'),
      'apps/server/src/modules/files/eager.ts': "import { S3Client } from '@aws-sdk/client-s3';\n",
      'apps/server/src/modules/files/inline-type.ts': "import { type S3Client } from '@aws-sdk/client-s3';\n",
      'apps/server/src/modules/files/lazy.ts':
        "import type { S3Client } from '@aws-sdk/client-s3';\nexport const sdk = () => import('@aws-sdk/client-s3');\n",
      'apps/server/src/modules/files/lazy.test.ts': "import { S3Client } from '@aws-sdk/client-s3';\n",
      'apps/server/src/modules/files/side-effect.ts': "import '@aws-sdk/client-s3';\n",
      'apps/server/src/modules/files/other-package.ts': "import { Upload } from '@aws-sdk/lib-storage';\n",
    });
    // `import { type X }` stays an import of the package at run time (verbatimModuleSyntax).
    expect(importRuleProblems(root).problems.sort()).toEqual([
      expect.stringMatching(
        /^server: apps\/server\/src\/modules\/files\/eager\.ts imports @aws-sdk\/client-s3 at start/,
      ),
      expect.stringMatching(
        /^server: apps\/server\/src\/modules\/files\/inline-type\.ts imports @aws-sdk\/client-s3 at start/,
      ),
      expect.stringMatching(
        /^server: apps\/server\/src\/modules\/files\/other-package\.ts imports @aws-sdk\/lib-storage/,
      ),
      expect.stringMatching(/^server: apps\/server\/src\/modules\/files\/side-effect\.ts imports @aws-sdk\/client-s3/),
    ]);
  });

  it('lets a thread import a package loaded on use, and refuses it in whatever the main thread reaches', () => {
    const root = fixture({
      'apps/server/src/main.ts': "import { app } from './app';\nexport default app;\n",
      'apps/server/src/app.ts':
        "import { quiz } from './modules/step-types/quiz';\nimport { f } from './modules/impact/figures';\nexport const app = [quiz, f];\n",
      'apps/server/src/modules/step-types/quiz.ts':
        "import type { Model } from 'survey-core';\nimport { titles } from './survey-runner';\nexport const quiz = titles;\nexport type M = Model;\n",
      'apps/server/src/modules/step-types/survey-runner.ts':
        "import { Model } from 'survey-core';\nexport const titles = Model;\n",
      'apps/server/src/modules/step-types/survey-check-worker.ts':
        "import { titles } from './survey-runner';\nimport { read } from '@e965/xlsx';\nexport default [titles, read];\n",
      'apps/server/src/modules/impact/workbook.ts':
        "export const sheetJs = () => import('@e965/xlsx');\nexport const later = () => import('./sheet-reader');\n",
      'apps/server/src/modules/impact/sheet-reader.ts': "import { read } from '@e965/xlsx';\nexport default read;\n",
      // Our packages are bundled into the server: one of them importing such a package counts too.
      'apps/server/src/modules/impact/figures.ts':
        "import { reader } from '@impact/domain';\nexport const f = reader;\n",
      'packages/domain/src/index.ts': "export { reader } from './reader';\n",
      'packages/domain/src/reader.ts': "import { Model } from 'survey-core';\nexport const reader = Model;\n",
    });
    // survey-runner is reached through app and quiz; the worker and what import() loads are not.
    expect(importRuleProblems(root).problems.sort()).toEqual([
      expect.stringMatching(
        /^server: apps\/server\/src\/modules\/step-types\/survey-runner\.ts imports survey-core at start \(main\.ts reaches it/,
      ),
      expect.stringMatching(/^server: packages\/domain\/src\/reader\.ts imports survey-core at start/),
    ]);
  });

  it('fails `npm run check:imports` on such a tree, and holds on this repository', () => {
    const root = fixture({
      'apps/web/src/features/auth/session.ts': 'export const session = 1;\n',
      'apps/web/src/features/welcome/page.tsx': "import { session } from '../auth/session';\n",
    });
    const run = (tree: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tools/check-imports.ts'), tree], {
        encoding: 'utf8',
      });
    const refused = run(root);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('apps/web/src/features/welcome/page.tsx -> apps/web/src/features/auth/session.ts');
    expect(importRuleProblems(ROOT).problems).toEqual([]);
  });
});
