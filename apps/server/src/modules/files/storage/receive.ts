import type { Readable } from 'node:stream';
import { Readable as NodeReadable } from 'node:stream';
import { detectMime } from '../../../lib/detect-type';
import { type FileStorage, type StoredBlob, storeStream, TooLargeError } from './index';

/**
 * An uploaded file as it arrives (a multipart part's stream), never buffered whole: the type is
 * decided from its first bytes (never its name or the browser's claim), then the bytes stream to
 * storage. `accept` throws (415) before anything is stored; `tooLarge` makes the 413 for the limit.
 */
export async function receiveUpload(
  storage: FileStorage,
  source: { file: Readable & { truncated?: boolean } },
  opts: {
    prefix: string;
    id: string;
    maxBytes: number;
    /** `head`: the first bytes (the whole file when it is under 1 MiB), for checks inside containers. */
    accept(mime: string | null, head: Buffer): void | Promise<void>;
    tooLarge(): Error;
  },
): Promise<StoredBlob & { mime: string }> {
  const { head, body, drain } = await peek(source.file, HEAD_BYTES);
  const mime = await detectMime(head);
  try {
    await opts.accept(mime, head);
  } catch (err) {
    drain(); // read the refused body to its end so the connection stays usable
    throw err;
  }
  let blob: StoredBlob;
  try {
    blob = await storeStream(storage, opts.prefix, body, {
      maxBytes: opts.maxBytes,
      contentType: mime ?? 'application/octet-stream',
      id: opts.id,
    });
  } catch (err) {
    if (err instanceof TooLargeError || source.file.truncated) throw opts.tooLarge();
    throw err;
  }
  // Multipart stops reading at its own limit and ends the stream there: a cut file is too large.
  if (source.file.truncated) {
    await storage
      .backend(blob.storage)
      .delete(blob.storageKey)
      .catch(() => {});
    throw opts.tooLarge();
  }
  return { ...blob, mime: mime ?? 'application/octet-stream' };
}

/**
 * Bytes read before deciding the type. Magic numbers need 4100, but Office files are ZIPs told
 * apart by their entry names (word/, xl/), which come after the first entries: 1 MiB holds
 * those in practice, and files up to that size are typed from all their bytes as before.
 */
const HEAD_BYTES = 1024 * 1024;

/** The first `n` bytes of a stream, and a stream of all of it (head included) to read on. */
async function peek(stream: Readable, n: number) {
  const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const parts: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < n) {
    const next = await it.next();
    if (next.done) {
      ended = true;
      break;
    }
    parts.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(parts);
  async function* all() {
    yield head;
    if (ended) return;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      yield next.value;
    }
  }
  const drain = () => {
    if (ended) return;
    void (async () => {
      for (;;) if ((await it.next()).done) return;
    })().catch(() => {});
  };
  return { head, body: NodeReadable.from(all(), { objectMode: false }), drain };
}
