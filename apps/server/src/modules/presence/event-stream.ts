import type { FastifyReply } from 'fastify';

/**
 * A server-sent event stream on a hijacked reply: Fastify's serialiser and compression stay out
 * of it (compression would hold events back in its buffer). The headers the hooks set (security
 * headers, request id) are kept.
 */
export function openEventStream(reply: FastifyReply) {
  reply.hijack();
  const res = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value);
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // A reverse proxy (nginx) must pass events on as they come, not buffer them.
    'x-accel-buffering': 'no',
    // Not reused after the stream: an ended stream's connection closes with it, so a server that
    // is shutting down does not wait for the keep-alive timeout of a connection it just ended.
    connection: 'close',
  });
  return {
    send(event: string, data: unknown) {
      if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    /** A comment line: keeps proxies from closing an idle connection, ignored by readers. */
    ping() {
      if (!res.writableEnded) res.write(': ping\n\n');
    },
    /** Ends the stream and its connection once the last event is out (the client may keep it half-open). */
    end() {
      if (!res.writableEnded) res.end(() => res.socket?.destroy());
    },
    onClose(listener: () => void) {
      res.on('close', listener);
    },
  };
}
