import { crc32, inflateRawSync } from 'node:zlib';

/** One entry of a zip as its central directory describes it, with its bytes extracted and checked. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  size: number;
  compressedSize: number;
  /** The UTF-8 flag (general purpose bit 11). */
  utf8: boolean;
  data: Buffer;
}

/**
 * Reads a whole zip the way an unzip program does, from the end: the (ZIP64) end of central directory, then each
 * central directory entry, then its local header and data. Just enough for tests to check what the server
 * wrote, independently of the library that wrote it; throws on anything it does not expect.
 */
export function readZip(zip: Buffer): ZipEntry[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('no end of central directory');
  let count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    const locator = eocd - 20;
    if (zip.readUInt32LE(locator) !== 0x07064b50) throw new Error('no ZIP64 locator');
    const record = Number(zip.readBigUInt64LE(locator + 8));
    if (zip.readUInt32LE(record) !== 0x06064b50) throw new Error('no ZIP64 end of central directory');
    count = Number(zip.readBigUInt64LE(record + 32));
    offset = Number(zip.readBigUInt64LE(record + 48));
  }
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`entry ${i}: bad central header`);
    const flags = zip.readUInt16LE(offset + 8);
    const method = zip.readUInt16LE(offset + 10);
    const crc = zip.readUInt32LE(offset + 16);
    let compressedSize = zip.readUInt32LE(offset + 20);
    let size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    let local = zip.readUInt32LE(offset + 42);
    const name = zip
      .subarray(offset + 46, offset + 46 + nameLength)
      .toString(flags & 0x800 ? 'utf8' : 'latin1');
    // ZIP64 extra field: the 64-bit values of the fields that hold 0xFFFFFFFF, in this order.
    const extra = zip.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength);
    for (let p = 0; p + 4 <= extra.length; p += 4 + extra.readUInt16LE(p + 2)) {
      if (extra.readUInt16LE(p) !== 0x0001) continue;
      let q = p + 4;
      const next = () => {
        const value = Number(extra.readBigUInt64LE(q));
        q += 8;
        return value;
      };
      if (size === 0xffffffff) size = next();
      if (compressedSize === 0xffffffff) compressedSize = next();
      if (local === 0xffffffff) local = next();
    }
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`${name}: bad local header`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressedSize);
    const data = method === 8 ? inflateRawSync(raw) : method === 0 ? Buffer.from(raw) : undefined;
    if (!data) throw new Error(`${name}: unexpected method ${method}`);
    if (data.length !== size || crc32(data) !== crc) throw new Error(`${name}: size or CRC does not match`);
    entries.push({ name, method, size, compressedSize, utf8: (flags & 0x800) !== 0, data });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
