-- Mail (decision 34): a durable outbox, each person's notification choices, and the key that signs
-- unsubscribe links.
--
-- A mail is a row written in the same transaction as the event that causes it, so it exists exactly when the
-- event committed. A worker in every server process claims due rows (FOR UPDATE SKIP LOCKED), marks them
-- `sending` with a lease, renders and sends them, and marks them `sent`, or `pending` again with a later
-- `next_attempt_at`, or `failed` after the last attempt. A row whose lease ran out (its process died) is due
-- again. `dedupe_key` is unique per tenant: one event never makes two mails.
--
-- Batching: a row with a `batch_key` folds later events into its `data` while it is still `pending` (at most
-- one pending row per tenant and batch key), and is not sent before `next_attempt_at`, the first event plus the
-- batch window.

CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_code text NOT NULL REFERENCES tenants (code) ON DELETE CASCADE,
  -- The notification kind a person can turn off (`files_published`…), or a kind that cannot be (`account`).
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z_]{0,63}$'),
  template text NOT NULL CHECK (template ~ '^[a-z][a-z0-9-]{0,63}$'),
  recipient_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  recipient_email text NOT NULL CHECK (length(recipient_email) BETWEEN 3 AND 254),
  recipient_name text,
  data jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(data) = 'object'),
  dedupe_key text NOT NULL CHECK (length(dedupe_key) BETWEEN 1 AND 300),
  batch_key text CHECK (length(batch_key) BETWEEN 1 AND 300),
  -- The dedupe keys of the events this row carries: its own, and those of later events folded into it.
  event_keys text[] NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'skipped')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- While `sending`: the claim of one worker, and until when it holds it.
  claim_id uuid,
  lease_until timestamptz,
  subject text,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (tenant_code, dedupe_key)
);
-- The one pending row a later event of the same batch folds into.
CREATE UNIQUE INDEX mail_outbox_open_batch ON mail_outbox (tenant_code, batch_key)
  WHERE state = 'pending' AND batch_key IS NOT NULL;
-- Whether an event was already folded into some row of its batch.
CREATE INDEX mail_outbox_batch ON mail_outbox (tenant_code, batch_key) WHERE batch_key IS NOT NULL;
-- The worker's claim, across tenants: what is due, oldest first.
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE state = 'pending';
CREATE INDEX mail_outbox_leased ON mail_outbox (lease_until) WHERE state = 'sending';
-- The staff's list, newest first.
CREATE INDEX mail_outbox_tenant_time ON mail_outbox (tenant_code, created_at DESC);

ALTER TABLE mail_outbox ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mail_outbox
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE ON mail_outbox TO portico_app;

-- A person's "no" to one kind of notification from one firm. No row: the mail is sent.
CREATE TABLE mail_opt_outs (
  tenant_code text NOT NULL REFERENCES tenants (code) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z_]{0,63}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_code, user_id, kind)
);

ALTER TABLE mail_opt_outs ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mail_opt_outs
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, DELETE ON mail_opt_outs TO portico_app;

-- The key that signs unsubscribe links (HMAC of tenant, person and kind): one per installation, shared by every
-- server process, never shown. Only the owner connection reads it.
CREATE TABLE mail_signing_key (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  secret text NOT NULL
);
INSERT INTO mail_signing_key (secret)
VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

-- The Notifications page in both menus and the staff's Mail page, for the tenants that exist already (the demo
-- seed adds them to new ones), after the items a tenant has.
INSERT INTO menu_items (tenant_code, audience, key, name, sort_order)
SELECT t.code, a.audience, a.key, a.name,
  coalesce((SELECT max(m.sort_order) FROM menu_items m WHERE m.tenant_code = t.code AND m.audience = a.audience), 0) + a.step
FROM tenants t
CROSS JOIN (VALUES ('client', 'notifications', 'Notifications', 1), ('staff', 'mail', 'Mail', 1),
                   ('staff', 'notifications', 'Notifications', 2)) AS a (audience, key, name, step)
ON CONFLICT (tenant_code, audience, key) DO NOTHING;
