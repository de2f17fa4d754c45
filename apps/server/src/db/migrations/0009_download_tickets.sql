-- Download tickets: what lets a browser's own download manager fetch a file or a zip with a plain GET, without a
-- bearer token in any URL. A ticket is asked for with the bearer token; the URL then carries a random secret of
-- which only the SHA-256 is stored here, with the tenant, the user, the exact files (in zip order), whether the
-- staff's rules or the clients' apply, and an expiry a few minutes ahead. Every GET looks the ticket up and
-- checks the user's access to every file again, so a lost membership, an archived site, a deleted file or a
-- setting turned off refuses it at once. Rows are removed an hour after they expired.

CREATE TABLE download_tickets (
  secret_sha256 bytea PRIMARY KEY CHECK (length(secret_sha256) = 32),
  tenant_code text NOT NULL REFERENCES tenants (code) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  direction text NOT NULL CHECK (direction IN ('published', 'submitted')),
  -- 'file' is one file answered as itself; 'zip' the files as one archive of stored entries.
  kind text NOT NULL CHECK (kind IN ('file', 'zip')),
  file_ids uuid[] NOT NULL CHECK (cardinality(file_ids) BETWEEN 1 AND 1000),
  staff boolean NOT NULL,
  zip_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
-- The expiry sweep, across tenants, oldest first.
CREATE INDEX download_tickets_expiry ON download_tickets (expires_at);

ALTER TABLE download_tickets ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON download_tickets
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT ON download_tickets TO portico_app;

-- The CRC-32 of a file's bytes, which a zip's data descriptors and central directory need. Kept once known (a
-- zip that streamed the file computed it), so a zip resumed with Range never has to read again the files before
-- the point where it resumes.
CREATE TABLE file_crc32s (
  tenant_code text NOT NULL,
  file_id uuid PRIMARY KEY REFERENCES files (id) ON DELETE CASCADE,
  crc32 bigint NOT NULL CHECK (crc32 BETWEEN 0 AND 4294967295)
);

ALTER TABLE file_crc32s ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON file_crc32s
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT ON file_crc32s TO portico_app;
