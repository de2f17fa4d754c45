-- Idempotency keys: the first answer to a save, publish or status change sent with an `Idempotency-Key`. The row
-- is claimed at the start of the change's transaction and completed with the answer at its end, so a stored
-- answer exists exactly when the change committed. A repeat with the same key by the same user of the same
-- tenant answers it again; a concurrent repeat waits on the claimed key until the first commits or rolls back.
-- Rows are removed a day after they were written.

CREATE TABLE idempotency_keys (
  tenant_code text NOT NULL REFERENCES tenants (code) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
  request_method text NOT NULL,
  request_path text NOT NULL,
  request_sha256 text NOT NULL CHECK (request_sha256 ~ '^[0-9a-f]{64}$'),
  -- NULL only inside the transaction that claimed the key: never seen by anyone else.
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_code, user_id, key)
);
-- The expiry sweep, across tenants, oldest first.
CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at);

ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON idempotency_keys
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE ON idempotency_keys TO portico_app;
