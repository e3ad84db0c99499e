import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below this a response fits in a packet or two: compressing it costs more than it saves. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * API answers above the threshold are compressed when the client accepts it: brotli at quality 2
 * (a page of 20 calls, 30 KB: 0.15 ms and 2.1 KB, against 0.28 ms and 2.0 KB at quality 4 and far
 * more at zlib's default 11), else gzip level 6 (docs/decisions/0017-compiled-responses-and-compression.md). Static assets are compressed once at
 * build time and sent precompressed (web-app.ts), so routes outside /api are left alone; so is an
 * answer that already says its content-encoding. Request bodies are not decompressed: a compressed
 * body would pass the 1 MB body limit before growing.
 */
export const compression = fp(
  async (app: FastifyInstance) => {
    // Before @fastify/compress's own onRoute hook, which reads `compress` off each route.
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') && route.compress === undefined) route.compress = false;
    });
    await app.register(fastifyCompress, {
      globalDecompression: false,
      threshold: COMPRESSION_THRESHOLD,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } },
      zlibOptions: { level: 6 },
      // Answers up to this size are compressed in one call on the event loop (a page of 20 calls,
      // about 19 KB, in 0.3 ms) instead of through a zlib stream, whose objects cost more than that;
      // the default on a 2-core machine is 8 KB. Larger answers keep the stream, off the loop.
      syncThreshold: 64 * 1024,
    });
  },
  { name: 'compression' },
);
