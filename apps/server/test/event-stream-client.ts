/**
 * A reader of a server-sent event stream over fetch (the way the web app reads it, with the bearer
 * header): events are queued as they arrive and taken one by one with a deadline.
 */
export type StreamEvent = { event: string; data: unknown };

export async function openEventStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const queue: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  let done = false;
  const pump = async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) queue.push({ event, data: JSON.parse(data) });
          cut = buffer.indexOf('\n\n');
        }
        for (const w of waiters.splice(0)) w();
      }
    } catch {
      // aborted by the test
    }
    done = true;
    for (const w of waiters.splice(0)) w();
  };
  if (response.ok) void pump();
  else done = true;
  return {
    response,
    /** The next event, or null when the stream ended first or nothing came within `withinMs`. */
    async next(withinMs = 5_000): Promise<StreamEvent | null> {
      const deadline = Date.now() + withinMs;
      while (queue.length === 0 && !done && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, Math.max(1, deadline - Date.now()));
        });
      }
      return queue.shift() ?? null;
    },
    get ended() {
      return done;
    },
    close: () => controller.abort(),
  };
}
