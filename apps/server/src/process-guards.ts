import type { FastifyBaseLogger } from 'fastify';

/**
 * Keeps one failure from ending the service for everyone. A promise nobody awaited, or an error
 * thrown from a callback (a socket, a timer), is logged and the process goes on answering: every
 * request holds its own state, and the database and the thread pools recover connections and
 * threads themselves. Out of memory cannot be caught; the bounds on inputs and the thread pools'
 * memory limits keep the main heap from getting there (docs/decisions/0002-a-process-that-survives.md).
 */
export function installProcessGuards(log: () => FastifyBaseLogger) {
  process.on('unhandledRejection', (reason) => {
    log().error({ err: reason }, 'unhandled promise rejection (the process goes on)');
  });
  process.on('uncaughtException', (err, origin) => {
    log().fatal({ err, origin }, 'uncaught exception (the process goes on)');
  });
}
