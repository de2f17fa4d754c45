import type { MailBlock, MailContent } from './mail-content.ts';

/** The inline image every mail shows as the firm's logo (an attachment with this Content-ID). */
export const LOGO_CID = 'logo@portico';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text into HTML, element content or a quoted attribute alike. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Only http(s) links become buttons; anything else would be a script or a trick. */
const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : '#');

export interface LayoutOptions {
  tenantName: string;
  /** Six hex digits, checked by the tenants table. */
  primaryColor: string;
  withLogo: boolean;
  /** Where to turn this kind off; absent for mails that cannot be turned off. */
  unsubscribeUrl?: string | undefined;
  /** The Notifications page. */
  preferencesUrl: string;
}

function blockHtml(block: MailBlock): string {
  switch (block.type) {
    case 'text':
      return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
    case 'list':
      return `<ul style="margin:0 0 16px;padding-left:20px">${block.items
        .map((item) => `<li style="margin:0 0 4px">${escapeHtml(item)}</li>`)
        .join('')}</ul>`;
    case 'note':
      return (
        `<p style="margin:0 0 4px;font-weight:bold">${escapeHtml(block.label)}</p>` +
        `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #ccc;white-space:pre-wrap">${escapeHtml(block.text)}</blockquote>`
      );
  }
}

function blockText(block: MailBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'list':
      return block.items.map((item) => `  - ${item}`).join('\n');
    case 'note':
      return `${block.label}:\n${block.text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')}`;
  }
}

/** The one branded layout: the firm's logo and name, its colour, the content, the footer with unsubscribe. */
export function renderMailLayout(
  content: MailContent,
  options: LayoutOptions,
): { html: string; text: string } {
  const color = /^[0-9a-f]{6}$/i.test(options.primaryColor) ? `#${options.primaryColor}` : '#1677ff';
  const name = escapeHtml(options.tenantName);
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(safeUrl(content.action.url))}" style="display:inline-block;background:${color};color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></p>`
    : '';
  const footerLinks = [
    options.unsubscribeUrl
      ? `<a href="${escapeHtml(safeUrl(options.unsubscribeUrl))}" style="color:#666">Unsubscribe from these mails</a>`
      : '',
    `<a href="${escapeHtml(safeUrl(options.preferencesUrl))}" style="color:#666">Notification settings</a>`,
  ].filter(Boolean);
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#222">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-top:6px solid ${color}">
<tr><td style="padding:20px 24px;border-bottom:1px solid #eee">${
    options.withLogo
      ? `<img src="cid:${LOGO_CID}" alt="${name}" height="40" style="height:40px;vertical-align:middle;margin-right:12px">`
      : ''
  }<span style="font-size:18px;font-weight:bold;vertical-align:middle;color:${color}">${name}</span></td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(content.heading)}</h1>
${content.blocks.map(blockHtml).join('\n')}
${action}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #eee;font-size:12px;color:#666">You receive this mail from ${name} through its client portal. ${footerLinks.join(' · ')}</td></tr>
</table></td></tr></table></body></html>
`;
  const text = [
    options.tenantName,
    '',
    content.heading,
    '',
    ...content.blocks.flatMap((block) => [blockText(block), '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '--',
    `You receive this mail from ${options.tenantName} through its client portal.`,
    ...(options.unsubscribeUrl ? [`Unsubscribe from these mails: ${options.unsubscribeUrl}`] : []),
    `Notification settings: ${options.preferencesUrl}`,
    '',
  ].join('\n');
  return { html, text };
}
