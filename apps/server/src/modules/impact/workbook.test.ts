import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readWorkbook, WorkbookRefused } from './workbook';

/** A one-entry zip whose directory lies about the entry's size (as a zip bomb does). */
function lyingZip(content: Buffer, declaredSize: number): Buffer {
  const name = Buffer.from('xl/workbook.xml');
  const data = deflateRawSync(content, { level: 9 });
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const directoryOffset = local.length + name.length + data.length;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(central.length + name.length, 12);
  eocd.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, name, data, central, name, eocd]);
}

describe('readWorkbook against a zip bomb', () => {
  it('measures the real unzipped size, not the one the zip declares, and refuses past the cap', async () => {
    const bomb = lyingZip(Buffer.alloc(160 * 1024 * 1024, 0x20), 100);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    try {
      await readWorkbook(bomb);
      expect.unreachable('a zip bomb was parsed');
    } catch (err) {
      expect(err).toBeInstanceOf(WorkbookRefused);
      expect((err as WorkbookRefused).problem.messageKey).toBe('errors.impact.workbookTooBig');
    }
  });
});
