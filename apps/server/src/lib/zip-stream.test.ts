import { randomBytes } from 'node:crypto';
import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zipStream } from './zip-stream';

async function collect(chunks: AsyncIterable<Buffer>) {
  const parts: Buffer[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts);
}

/** Reads an archive the way unzip does: end record → central directory → local header → data. */
function unzip(zip: Buffer) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  expect(at + zip.readUInt32LE(end + 12)).toBe(end);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = inflateRawSync(zip.subarray(dataStart, dataStart + compressed));
    expect(data.length, name).toBe(size);
    expect(crc32(data) >>> 0, name).toBe(crc);
    // The data descriptor after the data repeats the CRC and sizes.
    expect(zip.readUInt32LE(dataStart + compressed)).toBe(0x08074b50);
    expect(zip.readUInt32LE(dataStart + compressed + 4)).toBe(crc);
    files.set(name, data);
    at += 46 + nameLength;
  }
  return files;
}

describe('zipStream', () => {
  it('writes entries that read back byte for byte, with UTF-8 names, CRCs and data descriptors', async () => {
    const big = Array.from({ length: 300 }, (_, i) => Buffer.from(`riga ${i} — città, été ${'x'.repeat(i)}\n`));
    const zip = await collect(
      zipStream([
        { name: 'a.txt', data: [Buffer.from('ciao')] },
        { name: 'dir/più.txt', data: big },
        { name: 'empty', data: [] },
      ]),
    );
    const files = unzip(zip);
    expect([...files.keys()]).toEqual(['a.txt', 'dir/più.txt', 'empty']);
    expect(files.get('a.txt')?.toString()).toBe('ciao');
    expect(files.get('dir/più.txt')?.equals(Buffer.concat(big))).toBe(true);
    expect(files.get('empty')?.length).toBe(0);
  });

  it('reads its source only as fast as its output is taken, and stops the source when abandoned', async () => {
    let produced = 0;
    let stopped = false;
    async function* endless() {
      try {
        for (;;) {
          produced += 1;
          // Incompressible, so what comes out measures what went in.
          yield randomBytes(4096);
        }
      } finally {
        stopped = true;
      }
    }
    let taken = 0;
    for await (const chunk of zipStream([{ name: 'endless.txt', data: endless() }])) {
      taken += chunk.length;
      if (taken > 1_000_000) break;
    }
    // 1 MB out is some 250 chunks in; the rest is what the streams buffer (a few dozen chunks).
    expect(produced).toBeLessThan(400);
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(true);
  });

  it('ends both sides with the error when the source fails', async () => {
    async function* failing() {
      yield Buffer.from('start');
      throw new Error('database went away');
    }
    await expect(collect(zipStream([{ name: 'x', data: failing() }]))).rejects.toThrow('database went away');
  });
});
