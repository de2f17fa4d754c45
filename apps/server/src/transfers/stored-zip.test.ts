import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../testing/read-zip.ts';
import { layOutStoredZip, type StoredZipSource, storedZipBytes } from './stored-zip.ts';

const files = [
  { name: 'Statement März.pdf', data: randomBytes(300_000), mtime: new Date('2026-03-04T05:06:08Z') },
  { name: 'empty.txt', data: Buffer.alloc(0), mtime: new Date('2026-01-01T00:00:00Z') },
  { name: 'notes.txt', data: Buffer.from('hello zip\n'), mtime: new Date('1970-01-01T00:00:00Z') },
  { name: 'scan.pdf', data: randomBytes(70_001), mtime: new Date('2026-11-24T12:00:00Z') },
];
const layout = layOutStoredZip(files.map((f) => ({ name: f.name, size: f.data.length, mtime: f.mtime })));

/** Chunks of 8 KiB, as a blob store would stream them; counts the bytes read. */
function source(crcs: (number | undefined)[], learned: Map<number, number>, read: { bytes: number }) {
  return {
    crcs,
    onCrc: (i, crc) => learned.set(i, crc),
    open: async (i, start, end) => {
      const part = files[i]!.data.subarray(start, end + 1);
      read.bytes += part.length;
      const chunks: Buffer[] = [];
      for (let p = 0; p < part.length; p += 8192) chunks.push(part.subarray(p, p + 8192));
      return Readable.from(chunks);
    },
  } satisfies StoredZipSource;
}

async function bytesOf(src: StoredZipSource, start: number, end: number) {
  const chunks: Buffer[] = [];
  for await (const chunk of storedZipBytes(layout, src, start, end)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const unknown = () => files.map(() => undefined);
let whole: Buffer;
let dir: string;

beforeAll(async () => {
  whole = await bytesOf(source(unknown(), new Map(), { bytes: 0 }), 0, layout.size - 1);
  dir = await mkdtemp(path.join(tmpdir(), 'portico-stored-zip-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a zip of stored entries', () => {
  it('is exactly as long as its layout says, and every entry reads back with its CRC', () => {
    expect(whole.length).toBe(layout.size);
    const entries = readZip(whole);
    expect(entries.map((e) => [e.name, e.method, e.utf8])).toEqual(files.map((f) => [f.name, 0, true]));
    for (const [i, entry] of entries.entries()) expect(entry.data.equals(files[i]!.data)).toBe(true);
  });

  it('passes unzip -t and Python’s zipfile', async () => {
    const file = path.join(dir, 'a.zip');
    await writeFile(file, whole);
    expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
    const names = execFileSync('python3', [
      '-c',
      'import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print("|".join(z.namelist()))',
      file,
    ]).toString();
    expect(names.trim()).toBe(files.map((f) => f.name).join('|'));
  });

  it('answers any byte range as the same bytes as the whole, computing CRCs it does not know', async () => {
    const boundaries = layout.entries.flatMap((e) => [e.headerOffset, e.dataOffset, e.dataEnd, e.end]);
    const starts = [...boundaries, ...boundaries.map((b) => b + 1), 5, 150_000, layout.centralOffset + 3];
    for (const start of starts.filter((s) => s < layout.size)) {
      for (const end of [layout.size - 1, Math.min(layout.size - 1, start + 9000)]) {
        const part = await bytesOf(source(unknown(), new Map(), { bytes: 0 }), start, end);
        expect(part.equals(whole.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
      }
    }
  });

  it('skips the files before a resumed range without reading them when their CRCs are known', async () => {
    const learned = new Map<number, number>();
    await bytesOf(source(unknown(), learned, { bytes: 0 }), 0, layout.size - 1);
    expect([...learned.entries()]).toEqual([
      [0, crc32(files[0]!.data)],
      [2, crc32(files[2]!.data)],
      [3, crc32(files[3]!.data)],
    ]);
    const known = files.map((_, i) => learned.get(i));
    const read = { bytes: 0 };
    const start = layout.entries[3]!.dataOffset + 1000;
    const part = await bytesOf(source(known, new Map(), read), start, layout.size - 1);
    expect(part.equals(whole.subarray(start))).toBe(true);
    expect(read.bytes).toBe(files[3]!.data.length - 1000);
  });

  it('uses ZIP64 fields for an entry of 4 GiB or more, which unzip and Python read back', async () => {
    // A sparse file: the entry's zero bytes are a hole, only the records around them are written.
    const big = 0xffffffff + 10;
    const zeros = Buffer.alloc(16 * 1024 * 1024);
    let crc = 0;
    for (let done = 0; done < big; done += zeros.length)
      crc = crc32(zeros.subarray(0, Math.min(zeros.length, big - done)), crc);
    const entries = [
      { name: 'small.txt', size: 5, mtime: new Date('2026-01-02T03:04:05Z') },
      { name: 'huge.bin', size: big, mtime: new Date('2026-01-02T03:04:05Z') },
      { name: 'after.txt', size: 3, mtime: new Date('2026-01-02T03:04:05Z') },
    ];
    const bytes = [Buffer.from('hello'), undefined, Buffer.from('end')];
    const zipLayout = layOutStoredZip(entries);
    const huge = zipLayout.entries[1]!;
    const src: StoredZipSource = {
      crcs: [crc32(bytes[0]!), crc, crc32(bytes[2]!)],
      open: async (i, start, end) => Readable.from([bytes[i]!.subarray(start, end + 1)]),
    };
    const file = path.join(dir, 'zip64.zip');
    const handle = await open(file, 'w');
    try {
      for (const [start, end] of [
        [0, huge.dataOffset - 1],
        [huge.dataEnd, zipLayout.size - 1],
      ] as const) {
        let at = start;
        for await (const chunk of storedZipBytes(zipLayout, src, start, end)) {
          await handle.write(chunk, 0, chunk.length, at);
          at += chunk.length;
        }
        expect(at).toBe(end + 1);
      }
      await handle.truncate(zipLayout.size);
    } finally {
      await handle.close();
    }
    expect(execFileSync('unzip', ['-l', file]).toString()).toMatch(
      /4294967305\s+2026-01-02 03:04\s+huge\.bin/,
    );
    const listed = execFileSync('python3', [
      '-c',
      'import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); print([(i.filename,i.file_size,i.CRC) for i in z.infolist()]); print(z.open("after.txt").read().decode())',
      file,
    ]).toString();
    expect(listed).toContain(`('huge.bin', ${big}, ${crc})`);
    expect(listed.trim().endsWith('end')).toBe(true);
  });
});
