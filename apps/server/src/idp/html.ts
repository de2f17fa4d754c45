import { APP_VERSION } from '@portico/contracts';
import type { FastifyReply } from 'fastify';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML element or a quoted attribute value. */
export const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/**
 * The provider's pages share one look: a centred card that reads well from 320px up. Styles are inline (the
 * Content-Security-Policy allows inline styles); scripts never are, so a page that needs one links a file.
 */
const STYLE = `
:root { color-scheme: light; --brand: #1f4e79; --brand-dark: #163a5a; --ink: #1c2430; --muted: #4a5565;
  --line: #c3cad4; --bg: #eef2f6; --danger: #9b1c1c; --danger-bg: #fdecec; }
* { box-sizing: border-box; }
html, body { margin: 0; }
body { min-height: 100vh; display: flex; flex-direction: column; align-items: center; justify-content: center;
  padding: 24px 16px; background: var(--bg); color: var(--ink);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { width: 100%; max-width: 400px; background: #fff; border-radius: 12px; padding: 32px 28px;
  box-shadow: 0 1px 2px rgba(16, 24, 40, .06), 0 8px 24px rgba(16, 24, 40, .08); }
.brand { display: flex; align-items: center; gap: 10px; margin: 0 0 20px; font-weight: 700; font-size: 18px;
  color: var(--brand); }
.brand svg { flex: none; }
h1 { font-size: 24px; line-height: 1.25; margin: 0 0 8px; }
p { margin: 0 0 16px; color: var(--muted); }
.field { margin: 0 0 16px; }
label { display: block; font-weight: 600; margin: 0 0 6px; }
input[type=text], input[type=password], input[type=email] { width: 100%; padding: 10px 12px; font: inherit; color: var(--ink);
  border: 1px solid var(--line); border-radius: 8px; background: #fff; }
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #7aa7d6; outline-offset: 2px; }
input[aria-invalid=true] { border-color: var(--danger); }
button { width: 100%; padding: 11px 16px; font: inherit; font-weight: 600; color: #fff; background: var(--brand);
  border: 0; border-radius: 8px; cursor: pointer; }
button:hover { background: var(--brand-dark); }
.alert { margin: 0 0 16px; padding: 10px 12px; border-radius: 8px; color: var(--danger); background: var(--danger-bg);
  border: 1px solid #f3b4b4; }
a { color: var(--brand); font-weight: 600; }
.actions { display: flex; flex-direction: column; gap: 12px; margin-top: 8px; }
.link-button { display: block; text-align: center; padding: 11px 16px; border-radius: 8px; text-decoration: none;
  color: #fff; background: var(--brand); }
.link-button:hover { background: var(--brand-dark); }
p.hint { margin: 6px 0 0; font-size: 14px; }
.aside { margin: 16px 0 0; text-align: center; }
footer { margin-top: 16px; font-size: 13px; color: var(--muted); }
@media (max-width: 420px) { main { padding: 24px 18px; } h1 { font-size: 22px; } }
`;

const LOGO = `<svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
<rect width="28" height="28" rx="6" fill="#1f4e79"/><path d="M8 21V7h7a4.5 4.5 0 0 1 0 9h-4v5z" fill="#fff"/></svg>`;

export interface PageOptions {
  /** The part before " · Portico" in the title. */
  title: string;
  /** Trusted HTML: callers escape every value they put in it. */
  body: string;
  /** Absolute or root-relative URLs of external scripts, loaded deferred. */
  scripts?: string[];
  /** Attributes for <body>, e.g. data flags a script reads. */
  bodyAttributes?: string;
}

export function renderPage({ title, body, scripts = [], bodyAttributes = '' }: PageOptions): string {
  const scriptTags = scripts.map((src) => `<script src="${escapeHtml(src)}" defer></script>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Portico</title>
<style>${STYLE}</style>${scriptTags}
</head>
<body${bodyAttributes ? ` ${bodyAttributes}` : ''}>
<main>
<div class="brand">${LOGO}<span>Portico</span></div>
${body}
</main>
<footer>Portico ${escapeHtml(APP_VERSION)}</footer>
</body>
</html>
`;
}

/** A page of the provider: never cached, since it may carry a form's secret or a person's address. */
export function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}
