import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';

/** A file of the archive: its path and its bytes, produced as they are read. */
export type ZipEntry = { name: string; data: AsyncIterable<Buffer> | Iterable<Buffer> };

const MAX_32 = 0xffff_ffff;
// Bit 3: sizes and CRC follow the data (a data descriptor), so nothing is buffered to know them
// in advance. Bit 11: names are UTF-8.
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

type Written = { name: Buffer; crc: number; compressed: number; size: number; offset: number };

/**
 * A ZIP archive written as it goes (APPNOTE 6.3: local headers, deflated data, data descriptors,
 * then the central directory): memory stays at one deflate window and one chunk whatever the
 * size of the entries. No ZIP64: an entry or archive over 4 GiB is refused with an error rather
 * than written wrong (an XLSX of 100,000 rows × 30 columns is some 20 MB compressed).
 */
export async function* zipStream(entries: Iterable<ZipEntry>, modified = new Date()): AsyncGenerator<Buffer> {
  const { time, date } = dosDateTime(modified);
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    // CRC and sizes (14..25) stay zero: they come in the data descriptor.
    header.writeUInt16LE(name.length, 26);
    const record: Written = { name, crc: 0, compressed: 0, size: 0, offset };
    yield Buffer.concat([header, name]);
    offset += header.length + name.length;

    for await (const chunk of deflated(entry.data, record)) {
      record.compressed += chunk.length;
      yield chunk;
    }
    if (record.size > MAX_32 || record.compressed > MAX_32) throw new Error(`zip entry ${entry.name} exceeds 4 GiB`);
    offset += record.compressed;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(record.crc, 4);
    descriptor.writeUInt32LE(record.compressed, 8);
    descriptor.writeUInt32LE(record.size, 12);
    yield descriptor;
    offset += descriptor.length;
    written.push(record);
  }

  const directoryStart = offset;
  for (const r of written) {
    if (r.offset > MAX_32) throw new Error('zip archive exceeds 4 GiB');
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(VERSION, 4);
    central.writeUInt16LE(VERSION, 6);
    central.writeUInt16LE(FLAGS, 8);
    central.writeUInt16LE(DEFLATE, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(r.crc, 16);
    central.writeUInt32LE(r.compressed, 20);
    central.writeUInt32LE(r.size, 24);
    central.writeUInt16LE(r.name.length, 28);
    // Extra field, comment, disk number, attributes (30..41): none.
    central.writeUInt32LE(r.offset, 42);
    yield Buffer.concat([central, r.name]);
    offset += central.length + r.name.length;
  }
  if (offset > MAX_32 || written.length > 0xffff) throw new Error('zip archive exceeds the 32-bit format');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(offset - directoryStart, 12);
  end.writeUInt32LE(directoryStart, 16);
  yield end;
}

/** The entry's bytes through raw deflate, counting the CRC and size of what goes in. */
async function* deflated(data: ZipEntry['data'], record: Written): AsyncGenerator<Buffer> {
  async function* counted() {
    for await (const chunk of data) {
      record.crc = crc32(chunk, record.crc);
      record.size += chunk.length;
      yield chunk;
    }
  }
  const deflate = createDeflateRaw();
  // pipeline: the source pauses while the deflater's output is not read (backpressure), and an
  // error on either side ends both.
  const done = pipeline(Readable.from(counted()), deflate);
  done.catch(() => {}); // awaited below; the iteration sees the same error first
  for await (const chunk of deflate) yield chunk as Buffer;
  await done;
}

/** MS-DOS time and date (2-second resolution, local fields taken as UTC). */
function dosDateTime(at: Date) {
  const year = Math.max(at.getUTCFullYear(), 1980);
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}
