import { DOWNLOAD_TICKET_IN_TEXT, SHARE_LINK_TOKEN_IN_TEXT } from '@portico/contracts';

/**
 * A URL or any text with every download ticket secret and share link token replaced: either in a log would be a
 * usable link.
 */
export const redactTickets = (text: string) =>
  text.replace(DOWNLOAD_TICKET_IN_TEXT, 'dt_[redacted]').replace(SHARE_LINK_TOKEN_IN_TEXT, 'sl_[redacted]');
