import { AUDIT_CSV_COLUMNS, type AuditEvent } from '@portico/contracts';

/**
 * The audit log as CSV (RFC 4180): every cell quoted, quotes doubled, CRLF line ends. Opened in a spreadsheet,
 * a cell that starts like a formula would be run as one ("CSV injection"), and names, titles and file names are
 * typed by clients; such a cell gets a leading apostrophe, which spreadsheets show as text.
 */

// = + - @ start a formula; a tab or carriage return can hide one. Full-width forms are read as the same by some.
const FORMULA_START = /^[\s]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/;

export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvRow = (cells: readonly (string | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;

/** The byte-order mark tells spreadsheet programs the file is UTF-8, so accented names survive. */
export const csvHeader = () => `\uFEFF${csvRow(AUDIT_CSV_COLUMNS)}`;

export function auditCsvRow(event: AuditEvent): string {
  const cells: Record<(typeof AUDIT_CSV_COLUMNS)[number], string | null | undefined> = {
    occurredAt: event.occurredAt,
    action: event.action,
    personName: event.actor?.name,
    personEmail: event.actor?.email,
    siteName: event.site?.name,
    siteId: event.site?.id,
    fileTitle: event.file?.title,
    fileName: event.file?.fileName,
    fileId: event.file?.id,
    detail: Object.keys(event.detail).length ? JSON.stringify(event.detail) : '',
  };
  return csvRow(AUDIT_CSV_COLUMNS.map((column) => cells[column]));
}
