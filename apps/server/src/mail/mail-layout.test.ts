import { describe, expect, it } from 'vitest';
import { renderMailLayout } from './mail-layout.ts';
import { MAIL_TEMPLATES } from './mail-templates.ts';

const context = {
  tenant: { code: 'acme', displayName: 'Acme "&" <Co>', primaryColor: '1F4E79' },
  publicUrl: 'https://portal.example.com',
  recipient: { email: 'bob@example.com', name: 'Bob' },
};
const layout = {
  tenantName: context.tenant.displayName,
  primaryColor: '1F4E79',
  withLogo: true,
  preferencesUrl: 'https://portal.example.com/notifications',
};

describe('the branded layout', () => {
  it('escapes every string a person typed, in text, lists, notes, names and links', () => {
    const content = MAIL_TEMPLATES['submission-status'].render(
      {
        siteId: 's',
        siteName: '<img src=x onerror=alert(1)>',
        fileId: 'f',
        title: '"><script>alert(1)</script>',
        status: 'rejected',
        note: '<b>bold</b> & "quoted"',
      },
      context,
    );
    const { html, text } = renderMailLayout(content, {
      ...layout,
      unsubscribeUrl: 'https://portal.example.com/mail/unsubscribe?a=1&b=2',
    });
    expect(html).not.toMatch(/<script|<img src=x|<b>bold/);
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;');
    expect(html).toContain('Acme &quot;&amp;&quot; &lt;Co&gt;');
    expect(html).toContain('href="https://portal.example.com/mail/unsubscribe?a=1&amp;b=2"');
    expect(html).toContain('border-top:6px solid #1F4E79');
    expect(html).toContain('src="cid:logo@portico"');
    // The plain-text part says the same, unescaped, with the links written out.
    expect(text).toContain('"><script>alert(1)</script>');
    expect(text).toContain('> <b>bold</b> & "quoted"');
    expect(text).toContain(
      'Unsubscribe from these mails: https://portal.example.com/mail/unsubscribe?a=1&b=2',
    );
  });

  it('makes a button only of an http(s) link, and has no unsubscribe link where none is given', () => {
    const { html, text } = renderMailLayout(
      { subject: 's', heading: 'h', blocks: [], action: { label: 'Open', url: 'javascript:alert(1)' } },
      layout,
    );
    expect(html).not.toContain('javascript:');
    expect(html).toContain('href="#"');
    expect(html).not.toContain('Unsubscribe');
    expect(text).not.toContain('Unsubscribe');
  });
});
