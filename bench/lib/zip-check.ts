/**
 * The number of entries a zip declares, read from its end (zip64 end of central directory if present, else the
 * classic one), so the bench can check an archive it never kept. Undefined when no record is found.
 */
export function zipEntryCount(tail: Buffer): number | undefined {
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > tail.length) return undefined;
  const classic = tail.readUInt16LE(eocd + 10);
  if (classic !== 0xffff) return classic;
  const zip64 = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]), eocd);
  if (zip64 < 0 || zip64 + 56 > tail.length) return undefined;
  return Number(tail.readBigUInt64LE(zip64 + 32));
}
