-- Uploads: files received by file-storage and kept, pending, until their uploader saves them as Submitted
-- Files (state 'saved', file_id set) or discards them; pending ones older than the grace period are reaped.
-- The blob is written (temp name, fsync, rename) before its row is committed, so a row never points at nothing.

CREATE TABLE uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_code text NOT NULL,
  site_id uuid NOT NULL,
  reference_number text NOT NULL CHECK (reference_number ~ '^UP-[0-9A-HJKMNP-TV-Z]{16}$'),
  blob_key text NOT NULL UNIQUE,
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 1024),
  content_type text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'saved')),
  file_id uuid REFERENCES files (id) ON DELETE SET NULL,
  created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  saved_at timestamptz,
  UNIQUE (tenant_code, reference_number),
  FOREIGN KEY (tenant_code, site_id) REFERENCES sites (tenant_code, id) ON DELETE CASCADE
);
-- The reaper's sweep, across tenants, oldest first.
CREATE INDEX uploads_pending_age ON uploads (created_at) WHERE state = 'pending';

ALTER TABLE uploads ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON uploads
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON uploads TO portico_app;

-- A firm may allow less than the server-wide MAX_UPLOAD_BYTES; NULL means the server's limit.
ALTER TABLE tenants ADD COLUMN max_upload_bytes bigint CHECK (max_upload_bytes > 0);

