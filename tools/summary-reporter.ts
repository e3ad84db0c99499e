import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with the plain line CI reads ("N passed, N failed, N skipped"), after vitest's own
 * summary, and the run's wall time from start to end, global setups included (vitest's own
 * "Duration" leaves the journeys' app start out), with when each project's files ran: where a
 * slow run spent its minutes. Failed modules (a crash before any test ran) count as failures so
 * they cannot hide.
 */
export default class SummaryReporter implements Reporter {
  private readonly started = performance.now();
  /** Per project: seconds from the run's start to its first file's start and its last file's end. */
  private readonly spans = new Map<string, { from: number; to: number }>();

  onTestModuleStart(testModule: TestModule) {
    const at = this.seconds();
    const span = this.spans.get(testModule.project.name);
    if (!span) this.spans.set(testModule.project.name, { from: at, to: at });
  }

  onTestModuleEnd(testModule: TestModule) {
    const span = this.spans.get(testModule.project.name);
    if (span) span.to = this.seconds();
  }

  private seconds() {
    return Math.round((performance.now() - this.started) / 1000);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const mod of testModules) {
      let failedHere = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failedHere += 1;
        else skipped += 1;
      }
      // A module can fail outside any test (import error, failing hook): count it once.
      if (mod.state() === 'failed' && failedHere === 0) failedHere = 1;
      failed += failedHere;
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    const spans = [...this.spans].map(([name, { from, to }]) => `${name} ${from}–${to} s`).join(', ');
    process.stdout.write(`test run took ${formatDuration(performance.now() - this.started)}${spans && `; ${spans}`}\n`);
  }
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s (${seconds} s)`;
}
