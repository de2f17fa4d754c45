import { DOWNLOAD_TICKET_IN_TEXT } from '@portico/contracts';

/** A URL or any text with every download ticket secret replaced: a ticket in a log would be a usable link. */
export const redactTickets = (text: string) => text.replace(DOWNLOAD_TICKET_IN_TEXT, 'dt_[redacted]');
