/**
 * A process with the server's guards installed that meets an unhandled rejection and an error
 * thrown from a timer callback, then says it is still alive (process-guards.test.ts).
 */
import { installProcessGuards } from '../src/process-guards';

const lines: string[] = [];
const log = {
  error: (obj: { err: unknown }, msg: string) => lines.push(`error ${msg} ${String((obj.err as Error)?.message)}`),
  fatal: (obj: { err: unknown }, msg: string) => lines.push(`fatal ${msg} ${String((obj.err as Error)?.message)}`),
};
installProcessGuards(() => log as never);
void Promise.reject(new Error('nobody awaited me'));
setTimeout(() => {
  throw new Error('thrown from a callback');
}, 10);
setTimeout(() => {
  for (const line of lines) console.log(line);
  console.log('still alive');
}, 200);
