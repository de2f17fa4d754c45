import type { CurrentPerson, Invitation, SiteMember, StaffMember, StaffMemberList } from '@portico/contracts';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, test } from 'vitest';
import { SIGN_IN_COOKIE } from '../idp/password.routes.ts';
import { type ApiClient, errorCode, useTestApi } from '../testing/api.ts';
import { captureLogs } from '../testing/log-capture.ts';
import { openLoginPage, postSetPassword, redeemCallback, signIn } from '../testing/sign-in.ts';
import { type ReceivedMail, startTestSmtpServer } from '../testing/smtp.ts';
import { expectStaffOnly } from '../testing/staff-access.ts';
import { sendInvitation } from './invitations.usecases.ts';

const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());
/** Everything the server logs, at every level, to prove no secret ever reaches a log line. */
const logs = captureLogs();
const api = useTestApi({
  env: { SMTP_URL: smtp.url, NOTIFY_BATCH_SECONDS: '0' },
  logger: { level: 'trace', stream: logs.stream },
});
const secretsSeen: string[] = [];

const LINK = /(https?:\/\/[^\s"<>]+\/idp\/password)#([A-Za-z0-9_-]{43})/;

/** The next mail to `address` (after `seen` earlier ones), as the test SMTP server received it. */
async function mailTo(address: string, seen = 0): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = smtp.mails.filter((m) => m.to.includes(address))[seen];
        return found !== undefined;
      },
      { timeout: 20_000, interval: 200 },
    )
    .toBe(true);
  return found!;
}

const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

function secretOf(mail: ReceivedMail): string {
  const match = mail.parsed.text?.match(LINK);
  expect(match, mail.parsed.text).toBeTruthy();
  secretsSeen.push(match![2]!);
  return match![2]!;
}

async function setPassword(secret: string, password: string) {
  const { response, jar } = await postSetPassword(api.url, { secret, password });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SIGN_IN_COOKIE}=`));
  if (cookie) secretsSeen.push(cookie.split(';')[0]!.split('=')[1]!);
  return { status: response.status, jar };
}

const addMember = (
  siteId: string,
  body: { email: string; name?: string },
  client: ApiClient,
  tenant = 'acme',
) => client.post<SiteMember>(`/t/${tenant}/portal/api/staff/sites/${siteId}/members`, body);
const resend = (userId: string, client: ApiClient = api.as('carol'), tenant = 'acme') =>
  client.post<Invitation>(`/t/${tenant}/portal/api/staff/people/${userId}/invitation`);

async function globexSite(): Promise<string> {
  const { rows } = await api.db.query<{ id: string }>(
    "SELECT id FROM sites WHERE tenant_code = 'globex' ORDER BY name LIMIT 1",
  );
  return rows[0]!.id;
}

describe('invitations by mail', { timeout: 90_000 }, () => {
  test('carol adds a new client by e-mail: the mail arrives, its link sets a password, the client is signed in', async () => {
    const bakery = api.siteId('ACME-1001');
    const added = await addMember(
      bakery,
      { email: 'nina@client.example', name: 'Nina North' },
      api.as('carol'),
    );
    expect([added.status, added.body.hasAccount]).toEqual([201, false]);

    const mail = await mailTo('nina@client.example');
    expect(mail.parsed.subject).toBe('Acme Accounting invited you to Portico');
    expect(mail.parsed.text).toContain(
      "Carol Chen of Acme Accounting invited you to see the documents of Bob's Bakery Ltd",
    );
    expect(mail.parsed.text).toMatch(/works once, until \d{4}-\d{2}-\d{2}/);
    expect(mail.header('list-unsubscribe')).toBeUndefined();
    const match = mail.parsed.text!.match(LINK)!;
    expect(match[1]).toBe(`${api.url}/idp/password`);
    const secret = secretOf(mail);
    const check = (linkSecret: string) =>
      fetch(`${api.url}/idp/password/check`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: linkSecret }).toString(),
      }).then((answer) => answer.json() as Promise<{ usable: boolean }>);
    // The page asks before a password is typed: usable now, refused once used (below), and for nonsense alike.
    expect(await check(secret)).toEqual({ usable: true });
    expect(await check('x'.repeat(43))).toEqual({ usable: false });

    const { status, jar } = await setPassword(secret, 'nina has a long password');
    expect(status).toBe(303);
    const landed = await openLoginPage(api.url, { jar });
    const tokens = await redeemCallback(landed.flow, landed.callbackUrl!);
    expect(decodeJwt(tokens.accessToken).sub).toBe(added.body.userId);
    const me = await api
      .withToken(tokens.accessToken)
      .get<{ records: { id: string }[] }>('/t/acme/portal/api/sites');
    expect(me.body.records.map((s) => s.id)).toEqual([bakery]);
    // Her token has no name of her own; the firm's record names her as carol typed it (the header shows it).
    expect(decodeJwt(tokens.idToken).name).toBeUndefined();
    const person = await api.withToken(tokens.accessToken).get<CurrentPerson>('/t/acme/user/api/users/me');
    expect(person.body).toEqual({ id: added.body.userId, name: 'Nina North', email: 'nina@client.example' });

    // Single use: the same link again does nothing; she signs in with her address from now on.
    expect((await setPassword(secret, 'another long password')).status).toBe(400);
    expect(await check(secret)).toEqual({ usable: false });
    await signIn(api.url, 'nina@client.example', 'nina has a long password');
    // Someone who can sign in is not invited again when added to another site (mails with a set-password link;
    // the sign-in from a new browser just above sends one of its own, decision 45).
    const invitationsTo = (address: string) => mailsTo(address).filter((m) => LINK.test(m.parsed.text ?? ''));
    const before = invitationsTo('nina@client.example').length;
    const again = await addMember(api.siteId('ACME-1002'), { email: 'nina@client.example' }, api.as('carol'));
    expect([again.status, again.body.hasAccount]).toEqual([201, true]);
    const resent = await resend(added.body.userId);
    expect([resent.status, errorCode(resent.body)]).toEqual([409, 'invitations.already_accepted']);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(invitationsTo('nina@client.example')).toHaveLength(before);
  });

  test("a firm's invitation names only what that firm knows, not what another firm typed", async () => {
    const email = 'shared.person@client.example';
    const atGlobex = await addMember(
      await globexSite(),
      { email, name: 'Globex Secret Name' },
      api.as('dave'),
      'globex',
    );
    expect(atGlobex.status).toBe(201);
    const globexMail = await mailTo(email);
    expect(globexMail.parsed.subject).toBe('Globex Legal invited you to Portico');

    const atAcme = await addMember(api.siteId('ACME-1001'), { email, name: 'Acme Name' }, api.as('carol'));
    expect(atAcme.status).toBe(201);
    const acmeMail = await mailTo(email, 1);
    const everything = `${acmeMail.parsed.subject}\n${acmeMail.parsed.text}\n${acmeMail.parsed.html}`;
    expect(everything).toContain('Acme Accounting');
    for (const foreign of ['Globex', 'globex', 'Dave', 'Globex Secret Name'])
      expect(everything).not.toContain(foreign);
    const globexText = `${globexMail.parsed.subject}\n${globexMail.parsed.text}\n${globexMail.parsed.html}`;
    for (const foreign of ['Acme', 'acme', 'Carol', "Bob's Bakery"])
      expect(globexText).not.toContain(foreign);

    // Each firm's link is its own: acme's works while the person is acme's, whatever globex does.
    secretOf(globexMail);
    expect((await setPassword(secretOf(acmeMail), 'shared person password')).status).toBe(303);
  });

  test('resending replaces the earlier link; only staff of the firm may resend, and only to its people', async () => {
    const added = await addMember(
      api.siteId('ACME-1003'),
      { email: 'late.reader@client.example' },
      api.as('carol'),
    );
    const first = secretOf(await mailTo('late.reader@client.example'));
    const resent = await resend(added.body.userId);
    expect(resent.status).toBe(201);
    expect(resent.body).toMatchObject({ userId: added.body.userId, email: 'late.reader@client.example' });
    const second = secretOf(await mailTo('late.reader@client.example', 1));
    expect(second).not.toBe(first);
    expect((await setPassword(first, 'late reader password')).status).toBe(400);

    // Another firm's staff get 404 for a person of acme, as for nobody at all.
    const foreign = await resend(added.body.userId, api.as('dave'), 'globex');
    expect([foreign.status, errorCode(foreign.body)]).toEqual([404, 'people.not_found']);
    const nobody = await resend('00000000-0000-4000-8000-000000000000');
    expect([nobody.status, errorCode(nobody.body)]).toEqual([404, 'people.not_found']);
    await expectStaffOnly(api, {
      method: 'POST',
      path: (t) => `/t/${t}/portal/api/staff/people/${added.body.userId}/invitation`,
      foreignIdCode: 'people.not_found',
    });
    expect((await setPassword(second, 'late reader password')).status).toBe(303);
  });

  test('carol invites a colleague to the staff, who sets a password and signs in to the control panel', async () => {
    const invited = await api.as('carol').post<StaffMember>('/t/acme/portal/api/staff/staff-members', {
      email: 'sam@acme.example',
      name: 'Sam Staff',
    });
    expect([invited.status, invited.body.hasAccount]).toEqual([201, false]);
    const mail = await mailTo('sam@acme.example');
    expect(mail.parsed.text).toContain(
      'Carol Chen of Acme Accounting invited you to see the control panel of Acme Accounting',
    );
    const list = await api.as('carol').get<StaffMemberList>('/t/acme/portal/api/staff/staff-members');
    expect(list.body.records.map((m) => [m.name, m.hasAccount])).toEqual([
      ['Carol Chen', true],
      ['Sam Staff', false],
    ]);
    expect((await setPassword(secretOf(mail), 'sam staff password')).status).toBe(303);
    const tokens = await signIn(api.url, 'sam', 'sam staff password');
    const sites = await api.withToken(tokens.accessToken).get('/t/acme/portal/api/staff/sites');
    expect(sites.status).toBe(200);
    // Twice changes nothing and sends nothing.
    const twice = await api
      .as('carol')
      .post<StaffMember>('/t/acme/portal/api/staff/staff-members', { email: 'SAM@acme.example' });
    expect(twice.status).toBe(200);
    await expectStaffOnly(api, {
      method: 'POST',
      path: (t) => `/t/${t}/portal/api/staff/staff-members`,
      body: { email: 'someone@acme.example' },
    });
    // Dave's list is globex's alone.
    const globex = await api.as('dave').get<StaffMemberList>('/t/globex/portal/api/staff/staff-members');
    expect(globex.body.records.map((m) => m.email)).toEqual(['dave@globex.example']);
  });

  test('with an external OpenID provider the invitation links to the sign-in, and no password link exists', async () => {
    const caller = {
      tenantCode: 'acme',
      user: {
        id: await api.userId('carol'),
        name: 'Carol Chen',
        email: 'carol@acme.example',
        isStaff: true,
        isClient: false,
      },
    };
    const added = await addMember(
      api.siteId('ACME-1001'),
      { email: 'ext.person@client.example' },
      api.as('carol'),
    );
    await mailTo('ext.person@client.example');
    const invitation = await api.db.withTenant('acme', (tx) =>
      sendInvitation(
        tx,
        caller,
        added.body.userId,
        { publicUrl: api.url, externalIssuer: true },
        { siteName: 'Site X' },
      ),
    );
    expect(invitation.expiresAt).toBeNull();
    const mail = await mailTo('ext.person@client.example', 1);
    expect(mail.parsed.text).toContain(`Sign in: ${api.url}/`);
    expect(mail.parsed.text).not.toMatch(/idp\/password/);
    expect(mail.parsed.text).toContain('Sign in with the account your organisation gave you.');
  });
});

describe('forgot password', { timeout: 90_000 }, () => {
  const ask = (email: string) =>
    fetch(`${api.url}/idp/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }).toString(),
    });
  /** The reset links mailed to `address`: a sign-in from a new browser mails it too (decision 87). */
  const resetsTo = (address: string) =>
    mailsTo(address).filter((m) => m.parsed.subject === 'Reset your Portico password');

  test('bob asks for a link, it arrives, sets a new password once, and his old one stops working', async () => {
    expect((await ask('Bob@Example.com')).status).toBe(200);
    const mail = await mailTo('bob@example.com');
    expect(mail.parsed.subject).toBe('Reset your Portico password');
    const secret = secretOf(mail);
    // A second request within the minute sends nothing more.
    expect((await ask('bob@example.com')).status).toBe(200);

    const { status, jar } = await setPassword(secret, 'bob new long password');
    expect(status).toBe(303);
    const landed = await openLoginPage(api.url, { jar });
    expect(landed.callbackUrl).toBeDefined();
    await signIn(api.url, 'bob', 'bob new long password');
    await expect(signIn(api.url, 'bob', 'portico')).rejects.toThrow(/401/);
    expect((await setPassword(secret, 'yet another password')).status).toBe(400);
    // One reset link. The sign-in above, from a browser the account had not used, may also have brought the mail
    // "A new sign-in to your Portico account" by now (decision 87).
    expect(resetsTo('bob@example.com')).toHaveLength(1);
  });

  test('asked for twice at once (a double click), it sends one link', async () => {
    const before = resetsTo('carol@acme.example').length;
    const answers = await Promise.all([ask('carol@acme.example'), ask('Carol@Acme.example')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    await expect.poll(() => resetsTo('carol@acme.example').length, { timeout: 20_000 }).toBe(before + 1);
    secretOf(resetsTo('carol@acme.example')[before]!);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(resetsTo('carol@acme.example')).toHaveLength(before + 1);
  });

  test('an unknown address gets the same answer and no mail', async () => {
    const answer = await ask('nobody.at.all@example.com');
    expect(answer.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(mailsTo('nobody.at.all@example.com')).toEqual([]);
  });

  test('no log line ever holds a link secret', () => {
    expect(secretsSeen.length).toBeGreaterThanOrEqual(8);
    const logged = logs.text();
    expect(logged.length).toBeGreaterThan(1000);
    for (const secret of secretsSeen) expect(logged).not.toContain(secret);
  });
});
