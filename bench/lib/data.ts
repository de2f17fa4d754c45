import { createHash, randomFillSync } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MiB } from './settings.ts';

/**
 * Incompressible bytes without paying for randomness per byte: one 16 MiB random pool, served as 1 MiB slices
 * from offsets that move with the chunk index and the stream's seed. Repeats are megabytes apart, far outside
 * deflate's 32 KiB window, so a zip cannot shrink the data and neither side of a comparison gets a free ride.
 */
const POOL_SIZE = 16 * MiB;
const CHUNK = MiB;
let pool: Buffer | undefined;
const poolOf = () => {
  pool ??= randomFillSync(Buffer.allocUnsafe(POOL_SIZE + CHUNK));
  return pool;
};

/**
 * What every generated file starts with: the files are offered as PDFs, and a server that sniffs content (to
 * refuse programs) must see a harmless type rather than random bytes that might happen to start like one.
 */
const MAGIC = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');

/** `size` bytes of pool data as a sequence of Buffers (views, never copies), after a PDF signature. */
export function* randomChunks(size: number, seed = 0): Generator<Buffer> {
  const bytes = poolOf();
  if (size >= MAGIC.length) yield MAGIC;
  let left = size >= MAGIC.length ? size - MAGIC.length : size;
  for (let i = 0; left > 0; i++) {
    const n = Math.min(CHUNK, left);
    const offset = ((i * 7_919 + seed * 104_729) * 4_099) % POOL_SIZE;
    yield bytes.subarray(offset, offset + n);
    left -= n;
  }
}

export const randomStream = (size: number, seed = 0) => Readable.from(randomChunks(size, seed));

/** Writes `size` pool bytes to `file` and returns their sha256 (hex), hashed on the way. */
export async function writeRandomFile(file: string, size: number, seed = 0): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(
    Readable.from(
      (function* () {
        for (const chunk of randomChunks(size, seed)) {
          hash.update(chunk);
          yield chunk;
        }
      })(),
    ),
    createWriteStream(file),
  );
  return hash.digest('hex');
}

/** `count` sizes averaging `total / count`, spread ±50 %, summing to exactly `total`. */
export function spreadSizes(total: number, count: number, seed = 1): number[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const mean = total / count;
  const sizes = Array.from({ length: count }, () => Math.max(1, Math.round(mean * (0.5 + next()))));
  const sum = sizes.reduce((a, b) => a + b, 0);
  const scaled = sizes.map((s) => Math.max(1, Math.floor((s * total) / sum)));
  scaled[scaled.length - 1]! += total - scaled.reduce((a, b) => a + b, 0);
  return scaled;
}
