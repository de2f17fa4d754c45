import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { randomChunks } from './data.ts';

export interface MultipartFile {
  field: string;
  fileName: string;
  contentType: string;
  size: number;
  seed?: number;
}

export interface MultipartBody {
  contentType: string;
  contentLength: number;
  /** Bytes of file content in the body (what throughput is counted on). */
  fileBytes: number;
  stream(): Readable;
}

/**
 * A multipart/form-data body generated while it is sent: text fields first (as a browser's FormData puts
 * them before the files), then each file's bytes from the random pool. Its length is known up front, so the
 * request carries Content-Length like a browser upload does.
 */
export function multipartBody(fields: Record<string, string>, files: MultipartFile[]): MultipartBody {
  const boundary = `----PorticoBench${randomBytes(12).toString('hex')}`;
  const parts: (Buffer | MultipartFile)[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const fileBytes = files.reduce((sum, f) => sum + f.size, 0);
  const contentLength = parts.reduce((sum, p) => sum + (Buffer.isBuffer(p) ? p.length : p.size), 0);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength,
    fileBytes,
    stream: () =>
      Readable.from(
        (function* () {
          for (const part of parts) {
            if (Buffer.isBuffer(part)) yield part;
            else yield* randomChunks(part.size, part.seed ?? 0);
          }
        })(),
      ),
  };
}
