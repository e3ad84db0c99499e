import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this a response fits in a packet or two: compressing it costs more than it saves. */
export const COMPRESSION_THRESHOLD = 1024;
const COMPRESSIBLE = /^application\/(?:problem\+)?json\b/;

export type JsonEncoding = 'br' | 'gzip';

/** The encoding this request takes: brotli when the browser takes it, gzip otherwise, or none. */
export function acceptedEncoding(acceptEncoding: string | string[] | undefined): JsonEncoding | null {
  const accepted = String(acceptEncoding ?? '');
  // Browsers send a plain list ("gzip, deflate, br, zstd"): no weights to read.
  if (!accepted.includes('q=')) return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  // With weights, "q=0" refuses a coding (RFC 9110 12.5.3).
  const refused = new Set<string>();
  const listed = new Set<string>();
  for (const part of accepted.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) refused.add(name);
    else listed.add(name);
  }
  const ok = (coding: JsonEncoding) => listed.has(coding) || (listed.has('*') && !refused.has(coding));
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

/** JSON compressed at a fast level: this runs per answer, off the event loop in zlib's thread pool. */
export function compressJson(body: string | Buffer, encoding: JsonEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
    : gzip(body, { level: 6 });
}

/** Says that the answer depends on Accept-Encoding, keeping what Vary already names. */
export function varyOnEncoding(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : String(current ?? '');
  if (!/accept-encoding/i.test(value)) reply.header('vary', value ? `${value}, Accept-Encoding` : 'Accept-Encoding');
}

/** Whether a body is at least `COMPRESSION_THRESHOLD` bytes, without counting a long string's bytes. */
function worthCompressing(payload: string | Buffer) {
  // A string's UTF-8 size is at least its length: only a short one needs counting.
  if (payload.length >= COMPRESSION_THRESHOLD) return true;
  return typeof payload === 'string' && Buffer.byteLength(payload) >= COMPRESSION_THRESHOLD;
}

/**
 * API answers (JSON) are compressed above the threshold, brotli when the browser takes it, gzip
 * otherwise. Static assets are not touched here: they are compressed once, at build time
 * (web-app.ts); a route that sends its own encoded bytes (the call list keeps its pages
 * compressed) sets content-encoding and is passed by.
 */
export const jsonCompression = fp(async (app: FastifyInstance) => {
  // Callback style: most answers pass untouched, without a promise each.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (!worthCompressing(payload) || reply.hasHeader('content-encoding')) return done(null, payload);
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
    varyOnEncoding(reply);
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    compressJson(payload, encoding).then(
      (body) => {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, body);
      },
      (err: Error) => done(err),
    );
  });
});
