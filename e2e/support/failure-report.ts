import fs from 'node:fs';
import type { BrowserContext } from 'playwright-core';

/**
 * What a failed journey prints besides the locator that timed out: the answers of 400 and above
 * its pages received and the app's warnings and errors logged while it ran. A wait that timed out
 * in CI said only what it waited for; whether a request was refused, and why, was lost with the
 * machine.
 */
export class FailureReport {
  private readonly refused: string[] = [];
  private logStart = 0;

  constructor(private readonly logFile: string | undefined) {}

  /** From now on (a test's start), the app's log is read from here. */
  mark() {
    this.refused.length = 0;
    this.logStart = this.logFile && fs.existsSync(this.logFile) ? fs.statSync(this.logFile).size : 0;
  }

  /** Every page of the context, those it opens later too (a second tab). */
  watch(context: BrowserContext) {
    context.on('response', (response) => {
      if (response.status() >= 400) {
        const url = new URL(response.url());
        this.refused.push(`${response.status()} ${response.request().method()} ${url.pathname}${url.search}`);
      }
    });
    context.on('weberror', (error) => this.refused.push(`page error: ${error.error().message}`));
  }

  print(testName: string) {
    const lines = [`── what the app said while "${testName}" ran ──`];
    lines.push(...(this.refused.length ? this.refused.slice(-30) : ['no answer of 400 or above']));
    lines.push(...this.appWarnings());
    console.error(lines.join('\n'));
  }

  /** The app logs one JSON object a line (pino); level 40 is a warning, 50 an error. */
  private appWarnings(): string[] {
    if (!this.logFile || !fs.existsSync(this.logFile)) return [];
    const fd = fs.openSync(this.logFile, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const buffer = Buffer.alloc(Math.max(0, size - this.logStart));
      fs.readSync(fd, buffer, 0, buffer.length, this.logStart);
      // One line per distinct message, with how often it came: the demo's webhook endpoints,
      // unreachable by design, would otherwise fill the report.
      const seen = new Map<string, { line: string; count: number }>();
      for (const line of buffer.toString('utf8').split('\n')) {
        const entry = parsed(line);
        if (!entry || entry.level < 40) continue;
        const known = seen.get(entry.msg);
        if (known) known.count += 1;
        else seen.set(entry.msg, { line, count: 1 });
      }
      return [...seen.values()]
        .slice(-20)
        .map(({ line, count }) => `app${count > 1 ? ` (${count}×)` : ''}: ${line.slice(0, 600)}`);
    } finally {
      fs.closeSync(fd);
    }
  }
}

function parsed(line: string): { level: number; msg: string } | null {
  try {
    const entry = JSON.parse(line) as { level?: unknown; msg?: unknown };
    return { level: Number(entry.level) || 0, msg: String(entry.msg ?? '') };
  } catch {
    return null; // npm's own lines, a stack trace's continuation
  }
}
