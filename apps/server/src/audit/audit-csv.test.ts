import type { AuditEvent } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { auditCsvRow, csvCell, csvHeader } from './audit-csv.ts';

describe('csvCell', () => {
  it('quotes every cell and doubles quotes (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi", then\r\nleave')).toBe('"say ""hi"", then\r\nleave"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
  });

  it('turns what a spreadsheet would run as a formula into text', () => {
    for (const formula of ['=1+1', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '  =HYPERLINK("x")', '＝1']) {
      expect(csvCell(formula).startsWith(`"'`)).toBe(true);
    }
    expect(csvCell('=HYPERLINK("http://evil.example","Click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Click"")"`,
    );
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell('2026-01-31T10:00:00.000Z')).toBe('"2026-01-31T10:00:00.000Z"');
  });
});

describe('audit CSV rows', () => {
  it('starts with a BOM and the column names, and ends every row with CRLF', () => {
    expect(csvHeader()).toBe(
      '\uFEFF"occurredAt","action","personName","personEmail","siteName","siteId","fileTitle","fileName","fileId","detail"\r\n',
    );
  });

  it('writes one row per event, empty cells for what it does not name', () => {
    const event: AuditEvent = {
      id: '7',
      occurredAt: '2026-01-31T10:00:00.000Z',
      action: 'branding.update',
      actor: { id: 'u', name: 'Carol Chen', email: 'carol@acme.example' },
      site: null,
      file: null,
      detail: { changes: { primaryColor: { from: '1F4E79', to: '0B3D2E' } } },
    };
    expect(auditCsvRow(event)).toBe(
      '"2026-01-31T10:00:00.000Z","branding.update","Carol Chen","carol@acme.example","","","","","",' +
        '"{""changes"":{""primaryColor"":{""from"":""1F4E79"",""to"":""0B3D2E""}}}"\r\n',
    );
  });
});
