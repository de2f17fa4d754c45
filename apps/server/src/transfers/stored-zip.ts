import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/**
 * A zip of stored (uncompressed) entries whose every byte follows from the entries' names, sizes and dates alone,
 * except the CRC-32s, which are written after each entry's data (data descriptors) and in the central directory.
 * So its exact length is known before any file is read, and any byte range of it can be produced without the
 * bytes before it: the basis of zips a browser downloads with a real progress bar and resumes with Range.
 *
 * Layout, per entry: local header (flags: data descriptor, UTF-8 name; CRC and sizes zero, or 0xFFFFFFFF with a
 * ZIP64 extra field when the entry is 4 GiB or more), the bytes, the data descriptor (ZIP64 form for such
 * entries); then the central directory (ZIP64 extra fields where a size or an offset needs them), a ZIP64 end of
 * central directory record and locator (always), and the classic end record. Dates are UTC, so every server
 * writes the same bytes for the same files.
 */
export interface StoredZipEntry {
  /** The entry's name, already safe and unique (safe-file-name.ts). */
  name: string;
  size: number;
  mtime: Date;
}

interface PlacedEntry {
  name: Buffer;
  size: number;
  zip64: boolean;
  time: number;
  date: number;
  headerOffset: number;
  dataOffset: number;
  /** Where its data descriptor starts: just after its data. */
  dataEnd: number;
  descriptorLength: number;
  end: number;
}

export interface StoredZipLayout {
  entries: PlacedEntry[];
  centralOffset: number;
  size: number;
}

const MAX32 = 0xffffffff;
const FLAGS = 0x0808; // bit 3: sizes and CRC in a data descriptor; bit 11: names in UTF-8
const MADE_BY = (3 << 8) | 45; // Unix, zip 4.5
const FILE_MODE = (0o100644 << 16) >>> 0;
const END_RECORDS_LENGTH = 56 + 20 + 22;

/** Where everything of the zip lies, computed from the entries alone. */
export function layOutStoredZip(entries: readonly StoredZipEntry[]): StoredZipLayout {
  let offset = 0;
  const placed = entries.map((entry): PlacedEntry => {
    const name = Buffer.from(entry.name, 'utf8');
    const zip64 = entry.size >= MAX32;
    const { time, date } = dosDateTime(entry.mtime);
    const headerOffset = offset;
    const dataOffset = headerOffset + 30 + name.length + (zip64 ? 20 : 0);
    const dataEnd = dataOffset + entry.size;
    const descriptorLength = zip64 ? 24 : 16;
    offset = dataEnd + descriptorLength;
    return {
      name,
      size: entry.size,
      zip64,
      time,
      date,
      headerOffset,
      dataOffset,
      dataEnd,
      descriptorLength,
      end: offset,
    };
  });
  const centralOffset = offset;
  const centralLength = placed.reduce((sum, e) => sum + 46 + e.name.length + centralExtraLength(e), 0);
  return { entries: placed, centralOffset, size: centralOffset + centralLength + END_RECORDS_LENGTH };
}

/** The archive's strong validator: the same entries in the same order are the same bytes. */
export function storedZipDigest(entries: readonly (StoredZipEntry & { sha256: string })[]): string {
  const hash = createHash('sha256');
  for (const e of entries) hash.update(`${e.sha256}\0${e.size}\0${e.mtime.toISOString()}\0${e.name}\n`);
  return hash.digest('hex');
}

/** How the writer reaches each entry's bytes and what it knows of their CRC-32s. */
export interface StoredZipSource {
  /** Streams the inclusive byte range of entry `index`'s file. */
  open(index: number, start: number, end: number): Promise<Readable>;
  /** The CRC-32 of each entry when known beforehand; undefined where it is not. */
  crcs: (number | undefined)[];
  /** Told each CRC-32 the writer had to compute, once, as soon as it knows it. */
  onCrc?(index: number, crc: number): void;
}

/**
 * Yields the bytes `start..end` (inclusive) of the zip. Entries before the range are skipped without reading
 * them if their CRC-32 is known, and read (not sent) if not; the entry the range starts in is read from its first
 * byte only if its CRC-32 is unknown. File chunks are yielded as the blob store handed them out (send-stream.ts
 * gives pooled buffers back once written).
 */
export async function* storedZipBytes(
  layout: StoredZipLayout,
  source: StoredZipSource,
  start: number,
  end: number,
): AsyncGenerator<Buffer> {
  const crcs = [...source.crcs];
  const learn = (index: number, crc: number) => {
    crcs[index] = crc;
    source.onCrc?.(index, crc);
  };
  for (const [index, entry] of layout.entries.entries()) {
    if (entry.headerOffset > end) return;
    if (entry.size === 0 && crcs[index] === undefined) crcs[index] = 0;
    const header = slice(localHeader(entry), entry.headerOffset, start, end);
    if (header) yield header;
    // The CRC-32 is needed if the range reaches this entry's descriptor (and then the central directory).
    const needCrc = end >= entry.dataEnd && crcs[index] === undefined;
    const dataInRange = start < entry.dataEnd && end >= entry.dataOffset && entry.size > 0;
    if (dataInRange || needCrc) {
      const from = needCrc ? 0 : Math.max(0, start - entry.dataOffset);
      const to = Math.min(entry.size - 1, end - entry.dataOffset);
      let position = from;
      let crc = 0;
      for await (const chunk of await source.open(index, from, to)) {
        const bytes = chunk as Buffer;
        if (needCrc) crc = crc32(bytes, crc);
        const at = entry.dataOffset + position;
        position += bytes.length;
        if (at >= start) yield bytes;
        else if (at + bytes.length > start) yield bytes.subarray(start - at);
      }
      if (needCrc) learn(index, crc);
    }
    const descriptor = slice(dataDescriptor(entry, crcs[index] ?? 0), entry.dataEnd, start, end);
    if (descriptor) yield descriptor;
  }
  if (end < layout.centralOffset) return;
  const central = Buffer.concat([
    ...layout.entries.map((e, i) => centralHeader(e, crcs[i]!)),
    endRecords(layout),
  ]);
  const tail = slice(central, layout.centralOffset, start, end);
  if (tail) yield tail;
}

/** The part of a record at `offset` that lies in `start..end`, or undefined. */
function slice(record: Buffer, offset: number, start: number, end: number): Buffer | undefined {
  const from = Math.max(0, start - offset);
  const to = Math.min(record.length, end - offset + 1);
  return from < to ? record.subarray(from, to) : undefined;
}

function localHeader(e: PlacedEntry): Buffer {
  const b = Buffer.alloc(30 + e.name.length + (e.zip64 ? 20 : 0));
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(e.zip64 ? 45 : 20, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(0, 8); // stored
  b.writeUInt16LE(e.time, 10);
  b.writeUInt16LE(e.date, 12);
  // CRC and sizes follow the data; a ZIP64 entry says so with 0xFFFFFFFF and a zero-filled extra field.
  b.writeUInt32LE(0, 14);
  b.writeUInt32LE(e.zip64 ? MAX32 : 0, 18);
  b.writeUInt32LE(e.zip64 ? MAX32 : 0, 22);
  b.writeUInt16LE(e.name.length, 26);
  b.writeUInt16LE(e.zip64 ? 20 : 0, 28);
  e.name.copy(b, 30);
  if (e.zip64) {
    const x = 30 + e.name.length;
    b.writeUInt16LE(0x0001, x);
    b.writeUInt16LE(16, x + 2);
  }
  return b;
}

function dataDescriptor(e: PlacedEntry, crc: number): Buffer {
  const b = Buffer.alloc(e.descriptorLength);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(crc, 4);
  if (e.zip64) {
    b.writeBigUInt64LE(BigInt(e.size), 8);
    b.writeBigUInt64LE(BigInt(e.size), 16);
  } else {
    b.writeUInt32LE(e.size, 8);
    b.writeUInt32LE(e.size, 12);
  }
  return b;
}

const centralExtraLength = (e: PlacedEntry) => {
  const fields = (e.zip64 ? 16 : 0) + (e.headerOffset >= MAX32 ? 8 : 0);
  return fields ? 4 + fields : 0;
};

function centralHeader(e: PlacedEntry, crc: number): Buffer {
  const extra = centralExtraLength(e);
  const b = Buffer.alloc(46 + e.name.length + extra);
  const bigOffset = e.headerOffset >= MAX32;
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(MADE_BY, 4);
  b.writeUInt16LE(e.zip64 || bigOffset ? 45 : 20, 6);
  b.writeUInt16LE(FLAGS, 8);
  b.writeUInt16LE(0, 10);
  b.writeUInt16LE(e.time, 12);
  b.writeUInt16LE(e.date, 14);
  b.writeUInt32LE(crc, 16);
  b.writeUInt32LE(e.zip64 ? MAX32 : e.size, 20);
  b.writeUInt32LE(e.zip64 ? MAX32 : e.size, 24);
  b.writeUInt16LE(e.name.length, 28);
  b.writeUInt16LE(extra, 30);
  // comment length, disk number, internal attributes: zero
  b.writeUInt32LE(FILE_MODE, 38);
  b.writeUInt32LE(bigOffset ? MAX32 : e.headerOffset, 42);
  e.name.copy(b, 46);
  if (extra) {
    let x = 46 + e.name.length;
    b.writeUInt16LE(0x0001, x);
    b.writeUInt16LE(extra - 4, x + 2);
    x += 4;
    if (e.zip64) {
      b.writeBigUInt64LE(BigInt(e.size), x);
      b.writeBigUInt64LE(BigInt(e.size), x + 8);
      x += 16;
    }
    if (bigOffset) b.writeBigUInt64LE(BigInt(e.headerOffset), x);
  }
  return b;
}

function endRecords(layout: StoredZipLayout): Buffer {
  const count = layout.entries.length;
  const centralLength = layout.size - END_RECORDS_LENGTH - layout.centralOffset;
  const zip64End = layout.size - END_RECORDS_LENGTH;
  const b = Buffer.alloc(END_RECORDS_LENGTH);
  b.writeUInt32LE(0x06064b50, 0);
  b.writeBigUInt64LE(44n, 4);
  b.writeUInt16LE(MADE_BY, 12);
  b.writeUInt16LE(45, 14);
  // disk numbers: zero
  b.writeBigUInt64LE(BigInt(count), 24);
  b.writeBigUInt64LE(BigInt(count), 32);
  b.writeBigUInt64LE(BigInt(centralLength), 40);
  b.writeBigUInt64LE(BigInt(layout.centralOffset), 48);
  b.writeUInt32LE(0x07064b50, 56);
  b.writeUInt32LE(0, 60);
  b.writeBigUInt64LE(BigInt(zip64End), 64);
  b.writeUInt32LE(1, 72);
  b.writeUInt32LE(0x06054b50, 76);
  const count16 = Math.min(count, 0xffff);
  b.writeUInt16LE(count16, 84);
  b.writeUInt16LE(count16, 86);
  b.writeUInt32LE(Math.min(centralLength, MAX32), 88);
  b.writeUInt32LE(Math.min(layout.centralOffset, MAX32), 92);
  return b;
}

/** MS-DOS date and time, from the UTC calendar, clamped to the years DOS can say (1980–2107). */
function dosDateTime(when: Date): { time: number; date: number } {
  const year = when.getUTCFullYear();
  if (year < 1980) return { time: 0, date: (1 << 5) | 1 };
  if (year > 2107) return { time: (23 << 11) | (59 << 5) | 29, date: (127 << 9) | (12 << 5) | 31 };
  return {
    time: (when.getUTCHours() << 11) | (when.getUTCMinutes() << 5) | (when.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((when.getUTCMonth() + 1) << 5) | when.getUTCDate(),
  };
}
