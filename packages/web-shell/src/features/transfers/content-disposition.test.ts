import { describe, expect, test } from 'vitest';
import { fileNameFromContentDisposition } from './content-disposition.ts';

describe('the file name of a download', () => {
  test('prefers the UTF-8 filename* over the plain filename', () => {
    expect(
      fileNameFromContentDisposition(
        `attachment; filename="Caf_ menu.pdf"; filename*=UTF-8''Caf%C3%A9%20menu.pdf`,
      ),
    ).toBe('Café menu.pdf');
  });

  test('reads a quoted or a bare plain filename', () => {
    expect(fileNameFromContentDisposition('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
    expect(fileNameFromContentDisposition('attachment; filename=report.zip')).toBe('report.zip');
  });

  test('never names a folder, and is undefined without a name', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe(
      '.._.._etc_passwd',
    );
    expect(fileNameFromContentDisposition('attachment')).toBeUndefined();
    expect(fileNameFromContentDisposition(null)).toBeUndefined();
  });
});
