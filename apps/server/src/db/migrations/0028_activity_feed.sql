-- The in-app feed (issue 30 item 8, decision 53): what happened that concerns a person in one firm, newest first,
-- read or not. An item is written with the mail the same event causes (mail/outbox.repository.ts enqueueMail),
-- whether or not the person takes that kind of mail: the feed keeps what the mail switches turn off. It holds the
-- template and its data, and is rendered with the mail's own words when read, so feed and mail never disagree.
CREATE TABLE activity_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_code text NOT NULL REFERENCES tenants (code) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  template text NOT NULL,
  data jsonb NOT NULL CHECK (jsonb_typeof(data) = 'object'),
  -- The event's key (the mail's dedupe key): one event is one item, however often it is repeated.
  event_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  UNIQUE (tenant_code, user_id, event_key)
);
CREATE INDEX activity_items_person ON activity_items (tenant_code, user_id, id DESC);
CREATE INDEX activity_items_unread ON activity_items (tenant_code, user_id) WHERE read_at IS NULL;

ALTER TABLE activity_items ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON activity_items
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON activity_items TO portico_app;
