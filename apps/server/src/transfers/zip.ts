import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32, deflateRawSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { ZipFile } from 'yazl';
import type { BlobStore } from '../storage/blob-store.ts';
import { type DownloadBody, setAttachmentHeaders } from './download.ts';
import { safeFileName, uniqueFileNames } from './safe-file-name.ts';
import { sendBody } from './send-stream.ts';
import type { StoredFile } from './stored-file.ts';
import { layOutStoredZip, storedZipBytes, storedZipDigest } from './stored-zip.ts';

// yazl checksums every byte through buffer-crc32, a CRC-32 in JavaScript about five times slower than zlib's,
// which made it the bottleneck of every zip. Same function, same results; yazl looks it up at each call.
const yazlCrc32 = createRequire(import.meta.resolve('yazl'))('buffer-crc32') as {
  unsigned(data: Buffer, previous?: number): number;
};
yazlCrc32.unsigned = (data, previous) => crc32(data, previous ?? 0);

/**
 * The entries' names: each file's safe name below its `zipFolder` (a folder's zip keeps its tree: `Q1/x.pdf`), made
 * unique within its folder.
 */
export function zipEntryNames(files: readonly StoredFile[]): string[] {
  const byFolder = new Map<string, number[]>();
  files.forEach((file, i) => {
    const folder = file.zipFolder ?? '';
    byFolder.set(folder.toLowerCase(), [...(byFolder.get(folder.toLowerCase()) ?? []), i]);
  });
  const names: string[] = new Array(files.length);
  for (const indexes of byFolder.values()) {
    const unique = uniqueFileNames(indexes.map((i) => safeFileName(files[i]!.fileName)));
    indexes.forEach((fileIndex, j) => {
      const folder = files[fileIndex]!.zipFolder;
      names[fileIndex] = folder ? `${folder}/${unique[j]}` : unique[j]!;
    });
  }
  return names;
}

/** Formats that are compressed already: deflating them again costs CPU and gains nothing. */
const COMPRESSED_TYPES =
  /^(image\/(?!svg|bmp|x-ms-bmp|tiff)|audio\/|video\/|font\/woff|application\/(pdf|zip|gzip|x-gzip|x-7z-compressed|x-rar-compressed|vnd\.rar|x-bzip2|x-xz|zstd|epub\+zip|java-archive|vnd\.openxmlformats-officedocument\.|vnd\.oasis\.opendocument\.|vnd\.ms-.*\.macroenabled\.))/i;
const COMPRESSED_EXTENSIONS =
  /\.(pdf|zip|gz|tgz|7z|rar|bz2|xz|zst|jpe?g|png|gif|webp|heic|heif|avif|mp3|m4a|aac|ogg|opus|flac|mp4|m4v|mov|avi|mkv|webm|docx|docm|xlsx|xlsm|pptx|pptm|odt|ods|odp|epub|woff2?)$/i;

export const isCompressedAlready = (file: Pick<StoredFile, 'fileName' | 'contentType'>) =>
  COMPRESSED_TYPES.test(file.contentType) || COMPRESSED_EXTENSIONS.test(file.fileName);

/** The first bytes of a file tell whether deflate is worth it: random or encrypted data does not shrink. */
const SAMPLE_BYTES = 64 * 1024;

async function compressesWell(blobs: BlobStore, file: StoredFile): Promise<boolean> {
  if (file.size < 1024) return true;
  const sample = await buffer(
    await blobs.get(file.blobKey, { start: 0, end: Math.min(file.size, SAMPLE_BYTES) - 1 }),
  );
  return deflateRawSync(sample, { level: 1 }).length < sample.length * 0.9;
}

/**
 * Streams the files as one zip, written while it is sent: each blob is opened only when its entry is reached and
 * piped through, so memory stays constant whatever the sizes, and there is no temporary file. ZIP64 is used
 * when sizes or counts need it. Entry names are the safe file names, made unique. Already-compressed formats
 * are stored; the rest is deflated unless a sample shows it does not compress. When every entry is stored the
 * final size is known in advance and sent as Content-Length. All access checks must be done before calling:
 * from here on, bytes flow.
 */
export async function sendZip(
  reply: FastifyReply,
  blobs: BlobStore,
  files: readonly StoredFile[],
  zipName: string,
) {
  const zip = new ZipFile();
  const names = zipEntryNames(files);
  let current: Readable | undefined;
  let aborted = false;
  const output = zip.outputStream as NodeJS.ReadableStream & { destroy(error?: Error): void };
  zip.on('error', (error: Error) => {
    reply.log.error({ err: error }, 'zip failed while it was being sent');
    output.destroy(error);
  });
  // A client that goes away must not leave the current blob open until garbage collection.
  reply.raw.on('close', () => {
    if (reply.raw.writableFinished) return;
    aborted = true;
    current?.destroy();
  });

  const add = (file: StoredFile, name: string, compress: boolean) =>
    zip.addReadStreamLazy(name, { mtime: file.createdAt, compress, size: file.size }, (callback) => {
      if (aborted) return;
      blobs.get(file.blobKey).then(
        (stream) => {
          current = stream;
          callback(null, stream);
        },
        (error) => callback(error, undefined as never),
      );
    });

  setAttachmentHeaders(reply, zipName, 'application/zip');
  if (files.every(isCompressedAlready)) {
    for (const [i, file] of files.entries()) add(file, names[i]!, false);
    // yazl's size estimate switches to the zip64 end record at a 64 KiB central directory, its writer at 4 GiB,
    // so between the two the announced length was 76 bytes too long. Forcing the zip64 end record (read by every
    // current unzip tool) makes both agree.
    const total = await new Promise<number>((resolve) =>
      (zip.end as (options: object, done: (size: number) => void) => void)(
        { forceZip64Format: true },
        resolve,
      ),
    );
    if (total >= 0) reply.header('content-length', String(total));
    return sendBody(reply, output as Readable);
  }
  // Sampling runs ahead of the stream (entries are added as they are decided), so the first byte is not held
  // back by the last file's sample; the length is then not known in advance.
  void (async () => {
    for (const [i, file] of files.entries()) {
      if (aborted) return;
      add(file, names[i]!, !isCompressedAlready(file) && (await compressesWell(blobs, file)));
    }
    zip.end();
  })().catch((error: Error) => zip.emit('error', error));
  return sendBody(reply, output as Readable);
}

/**
 * The files as one zip of stored entries (stored-zip.ts), as a body `sendPlannedBody` answers whole or by range:
 * its length and validator are known before a byte is read. `known` holds the CRC-32s known of the files by id;
 * `onCrc` is told those the zip computes, to keep them for the next range.
 */
export function storedZipBody(
  blobs: BlobStore,
  files: readonly StoredFile[],
  zipName: string,
  known: ReadonlyMap<string, number>,
  onCrc: (fileId: string, crc: number) => void,
): DownloadBody {
  const names = zipEntryNames(files);
  const entries = files.map((f, i) => ({
    name: names[i]!,
    size: f.size,
    mtime: f.createdAt,
    sha256: f.sha256,
  }));
  const layout = layOutStoredZip(entries);
  const source = {
    crcs: files.map((f) => known.get(f.id)),
    onCrc: (index: number, crc: number) => onCrc(files[index]!.id, crc),
    open: (index: number, start: number, end: number) => blobs.get(files[index]!.blobKey, { start, end }),
  };
  return {
    sha256: storedZipDigest(entries),
    size: layout.size,
    fileName: zipName,
    contentType: 'application/zip',
    open: async (range) =>
      Readable.from(storedZipBytes(layout, source, range?.start ?? 0, range?.end ?? layout.size - 1)),
  };
}
