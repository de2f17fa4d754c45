/**
 * What a template says, as data: the layout (mail-layout.ts) turns it into HTML and plain text, escaping every
 * string, so no template ever writes markup and no user's text can become any.
 */
export type MailBlock =
  | { type: 'text'; text: string }
  /** A list of lines, such as file titles. */
  | { type: 'list'; items: readonly string[] }
  /** A quoted note (what the firm wrote), under a label. */
  | { type: 'note'; label: string; text: string };

export interface MailContent {
  subject: string;
  /** The first line of the body, also shown by mail clients beside the subject. */
  heading: string;
  blocks: readonly MailBlock[];
  /** The one button of the mail: a direct link to the page. */
  action?: { label: string; url: string };
}

/** What every template may use besides its own data; the worker builds it at send time. */
export interface MailContext {
  tenant: { code: string; displayName: string; primaryColor: string };
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  recipient: { email: string; name: string | null };
}

/**
 * A template: its kind (a NOTIFICATION_KINDS key of @portico/contracts, which a person can turn off, or
 * `account` for mails always sent), and how its JSON data becomes content. `render` must not throw for data an
 * older version of the template enqueued.
 */
export interface MailTemplate<Data> {
  kind: string;
  /**
   * The event is also an item of the recipient's activity feed (activity/, decision 53), shown with this
   * template's heading, first lines and button link, whether or not the person takes the mail.
   */
  activity?: boolean;
  render(data: Data, context: MailContext): MailContent;
  /**
   * A mail of a subscription (subscriptions/, decision 59): the subscription it was written for. The worker sends
   * it only while that subscription exists, and its one-click unsubscribe link ends that subscription instead of
   * turning a kind off.
   */
  subscriptionOf?(data: Data): string | undefined;
}

export const defineMailTemplate = <Data>(template: MailTemplate<Data>) => template;
