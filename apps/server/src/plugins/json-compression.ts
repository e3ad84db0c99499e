import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this a response fits in a packet or two: compressing it costs more than it saves. */
export const COMPRESSION_THRESHOLD = 1024;
const COMPRESSIBLE = /^application\/(?:problem\+)?json\b/;

/**
 * API answers (JSON) are compressed above the threshold, brotli when the browser takes it (at a
 * fast level: this runs per request, off the event loop in zlib's thread pool), gzip otherwise.
 * Static assets are not touched here: they are compressed once, at build time (web-app.ts).
 */
export const jsonCompression = fp(async (app: FastifyInstance) => {
  // Callback style: most answers pass untouched, without a promise each.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (Buffer.byteLength(payload) < COMPRESSION_THRESHOLD || reply.hasHeader('content-encoding'))
      return done(null, payload);
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
    reply.header('vary', appendVary(reply.getHeader('vary')));
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    if (!encoding) return done(null, payload);
    const compressed =
      encoding === 'br'
        ? brotli(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
        : gzip(payload, { level: 6 });
    compressed.then(
      (body) => {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, body);
      },
      (err: Error) => done(err),
    );
  });
});

function appendVary(current: unknown) {
  const value = Array.isArray(current) ? current.join(', ') : String(current ?? '');
  return /accept-encoding/i.test(value) ? value : value ? `${value}, Accept-Encoding` : 'Accept-Encoding';
}
