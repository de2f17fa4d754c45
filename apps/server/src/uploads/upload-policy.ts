import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from '../http/app-error.ts';
import { servedFileNames } from '../transfers/safe-file-name.ts';
import { tooLarge } from './uploads.errors.ts';

/**
 * What may be uploaded. Types are refused by a deny-list (UPLOAD_REFUSED_EXTENSIONS): programs and the disk
 * images that carry them, by the name's extension, by the declared media type, and by content, so renaming
 * `setup.exe` to `setup.pdf` does not get it through; scripts by their first line too, when their extensions are
 * refused. Everything else is a document somebody needs to send;
 * downloads are attachments with `nosniff` and `sandbox`, so no uploaded type can run in the portal.
 */

const REFUSED_MEDIA_TYPES = new Set([
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/x-ms-installer',
  'application/x-msi',
  'application/x-dosexec',
  'application/vnd.microsoft.portable-executable',
  'application/x-executable',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-sh',
  'application/x-bat',
  'application/java-archive',
  'application/x-apple-diskimage',
  'application/vnd.android.package-archive',
]);

/** The extension that decides what a double click does: the last one, ignoring the trailing dots and spaces Windows drops. */
export function extensionOf(fileName: string): string {
  const trimmed = fileName.replace(/[\s.]+$/u, '');
  const dot = trimmed.lastIndexOf('.');
  return dot < 0 ? '' : trimmed.slice(dot + 1).toLowerCase();
}

/**
 * Why a file may not be uploaded, judged by its name and declared type, or undefined if it may. The name is the
 * stored one (`storedFileName`) and every name it is served under: those are what a download or a zip entry is
 * saved as, and a cut long name or a dropped accent can end in an extension the stored name does not.
 */
export function refusalOf(
  storedName: string,
  declaredType: string,
  refusedExtensions: readonly string[],
): string | undefined {
  for (const name of [storedName, ...servedFileNames(storedName)]) {
    const extension = extensionOf(name);
    if (extension && refusedExtensions.includes(extension)) {
      return `Files of type .${extension} are not accepted: programs and scripts cannot be uploaded.`;
    }
  }
  if (REFUSED_MEDIA_TYPES.has(declaredType.toLowerCase().split(';')[0]!.trim())) {
    return `Files of type ${declaredType} are not accepted: programs and scripts cannot be uploaded.`;
  }
  return undefined;
}

/** Which kind of program the first bytes of a file are, if they are one. */
export function executableKind(head: Buffer): string | undefined {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x7f454c46) return 'a Linux program';
  if (head.length >= 4 && [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe].includes(head.readUInt32BE(0))) {
    return 'a macOS program';
  }
  // MZ alone is two printable letters a text may start with; a Windows program also has the PE header it points to.
  if (head.length >= 0x40 && head[0] === 0x4d && head[1] === 0x5a) {
    const pe = head.readUInt32LE(0x3c);
    if (pe + 4 <= head.length && head.readUInt32BE(pe) === 0x50450000) return 'a Windows program';
  }
  return undefined;
}

/**
 * Scripts recognised by their first line, each refused only while one of its extensions is: a script named as a
 * document is refused like the script it is. The head is read after an optional UTF-8 byte order mark and
 * white space. Only what an interpreter picks up by content and no document starts with is recognised;
 * PowerShell, VBScript and JScript have no such line (their hosts choose by extension, so renamed they open as
 * text) and are refused by extension alone.
 */
const SCRIPT_SIGNATURES: readonly { kind: string; pattern: RegExp; extensions: readonly string[] }[] = [
  // `#!/bin/sh`, `#! /usr/bin/env python3`: what Unix runs by its interpreter line.
  {
    kind: 'a Unix script',
    pattern: /^#![ \t]*\//,
    extensions: ['sh', 'bash', 'zsh', 'ksh', 'csh', 'command'],
  },
  // `@echo off`, `@rem`, `@setlocal`: the `@` that hides a command from the console is batch-only.
  {
    kind: 'a Windows batch file',
    pattern: /^@[ \t]*(echo|rem|setlocal|chcp|cls)\b/i,
    extensions: ['bat', 'cmd'],
  },
  // A Windows Script Host file: `<job>` or `<package>`, after an XML declaration or not.
  { kind: 'a Windows script file', pattern: /^(<\?xml[^>]*\?>\s*)?<(job|package)\b/i, extensions: ['wsf'] },
  // An HTML application declares itself in its head; anywhere in the first bytes counts.
  { kind: 'an HTML application', pattern: /<hta:application\b/i, extensions: ['hta'] },
];

/** Which kind of script the first bytes of a file are, among the kinds whose extensions are refused. */
export function scriptKind(head: Buffer, refusedExtensions: readonly string[]): string | undefined {
  const signatures = SCRIPT_SIGNATURES.filter((s) => s.extensions.some((e) => refusedExtensions.includes(e)));
  if (!signatures.length) return undefined;
  // latin1 maps each byte to one character: a signature is ASCII, and no byte sequence can fail to decode.
  let text = head.toString('latin1');
  if (text.startsWith('\xef\xbb\xbf')) text = text.slice(3);
  text = text.replace(/^\s+/, '');
  return signatures.find((s) => s.pattern.test(text))?.kind;
}

const KNOWN_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  xml: 'application/xml',
  html: 'text/html',
  htm: 'text/html',
  rtf: 'application/rtf',
  eml: 'message/rfc822',
  msg: 'application/vnd.ms-outlook',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  zip: 'application/zip',
  gz: 'application/gzip',
  '7z': 'application/x-7z-compressed',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * The media type a file is stored and served with: by its extension when that is a known one (browsers derive
 * the declared type from it anyway), else the declared type if it is well-formed, else opaque bytes.
 */
export function contentTypeOf(fileName: string, declaredType: string): string {
  const known = KNOWN_TYPES[extensionOf(fileName)];
  if (known) return known;
  const declared = declaredType.toLowerCase().split(';')[0]!.trim();
  return MEDIA_TYPE.test(declared) ? declared : 'application/octet-stream';
}

/** Bytes of the start of a file kept to recognise a program: enough for a PE header pointer and header. */
const HEAD_BYTES = 4096;

/**
 * Passes a file's bytes through while it counts them, hashes them (SHA-256) and looks at the first ones.
 * Fails the stream, and so the blob write behind it, the moment the file grows past `maxBytes` or turns out to
 * be a program, or a script whose extension is refused: nothing more is read and nothing is kept.
 */
export class UploadMeter extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');
  private readonly maxBytes: number;
  private readonly refusedExtensions: readonly string[];
  private head: Buffer | undefined = Buffer.alloc(0);

  constructor(maxBytes: number, refusedExtensions: readonly string[]) {
    super();
    this.maxBytes = maxBytes;
    this.refusedExtensions = refusedExtensions;
  }

  /** The hex SHA-256 of everything passed; call once, after the stream ended. */
  digest(): string {
    return this.hash.digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(tooLarge(this.maxBytes));
    this.hash.update(chunk);
    if (this.head) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
      if (this.head.length >= HEAD_BYTES) {
        const refused = this.inspectHead();
        if (refused) return done(refused);
      }
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    done(this.head ? this.inspectHead() : null);
  }

  private inspectHead(): AppError | undefined {
    const head = this.head!;
    this.head = undefined;
    const kind = executableKind(head) ?? scriptKind(head, this.refusedExtensions);
    return kind
      ? new AppError('uploads.type_refused', `This file is ${kind}; programs and scripts cannot be uploaded.`)
      : undefined;
  }
}
