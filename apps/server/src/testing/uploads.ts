import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files for upload tests (`api.as(user).upload(...)` sends them as a browser's FormData), a raw multipart builder
 * for bodies no browser sends (names with control characters, broken forms), and the blob folder's contents.
 */

export interface TestFile {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export type RawPart =
  | { field: string; value: string }
  | { file: string; fileName: string; type: string; bytes: Uint8Array };

/** A multipart body exactly as given: file names go into the header unescaped, byte for byte. */
export function rawMultipart(boundary: string, parts: readonly RawPart[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('field' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.file}"; filename="${part.fileName}"\r\n` +
            `Content-Type: ${part.type}\r\n\r\n`,
        ),
        Buffer.from(part.bytes),
        Buffer.from('\r\n'),
      );
    }
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Every file under the blob folder, temporary ones included, as paths relative to it. */
export async function listBlobFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'blobs');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** The first bytes of a Windows program (an `MZ` header pointing at a `PE` signature): what uploads refuse. */
export function windowsProgramBytes(): Buffer {
  const program = Buffer.alloc(512);
  program.write('MZ', 0);
  program.writeUInt32LE(128, 0x3c);
  program.write('PE\0\0', 128, 'binary');
  return program;
}
