/** Tasks for the thread pool's own test: one that works, and each way a task can go wrong. */
export default function task(kind: 'ok' | 'spin' | 'grow' | 'exit' | 'throw'): string {
  if (kind === 'spin') for (;;);
  if (kind === 'grow') {
    const hoard: string[][] = [];
    for (;;) hoard.push(Array.from({ length: 100_000 }, (_, i) => `${i}-${hoard.length}`));
  }
  if (kind === 'exit') process.exit(1);
  if (kind === 'throw') throw new Error('the task failed');
  return 'done';
}
