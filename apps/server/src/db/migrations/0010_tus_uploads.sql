-- Resumable (tus 1.0) uploads in progress. A creation request writes the row; each PATCH stores the bytes it
-- carried as one blob (a "part", kept even when the connection broke mid-way) and then appends the part's key
-- and moves the offset in one statement that checks the offset it started from, so two requests (on one server
-- or on several) can never both extend the same offset. The offset is what the database says: a process killed
-- mid-PATCH loses only the bytes of that PATCH that were not yet a part. Once the offset reaches the length the
-- parts become one blob and an `uploads` row (the same as a multipart upload's), named by upload_id; the row
-- is kept until the grace period ends so that a client who lost the last answer can still learn its reference.
-- Rows older than the grace period are removed with their parts by the upload reaper.

CREATE TABLE tus_uploads (
  -- 128 random bits in hex, from the server: the address of the upload, unguessable.
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
  tenant_code text NOT NULL,
  site_id uuid NOT NULL,
  created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 1024),
  declared_type text NOT NULL,
  -- Upload-Metadata as the client sent it (after the checks), for HEAD's answer.
  metadata jsonb NOT NULL,
  upload_length bigint NOT NULL CHECK (upload_length >= 0),
  upload_offset bigint NOT NULL DEFAULT 0 CHECK (upload_offset >= 0 AND upload_offset <= upload_length),
  -- The blobs of the parts, in order; their sizes add up to upload_offset.
  part_keys text[] NOT NULL DEFAULT '{}',
  -- SHA-256 of the whole file when one part carried all of it (computed while it was written).
  whole_sha256 text CHECK (whole_sha256 ~ '^[0-9a-f]{64}$'),
  upload_id uuid REFERENCES uploads (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (tenant_code, site_id) REFERENCES sites (tenant_code, id) ON DELETE CASCADE
);
-- The reaper's sweep, across tenants, oldest first.
CREATE INDEX tus_uploads_age ON tus_uploads (created_at);
-- The orphan-blob sweep asks whether a blob is a part of an upload in progress.
CREATE INDEX tus_uploads_part_keys ON tus_uploads USING gin (part_keys);

ALTER TABLE tus_uploads ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tus_uploads
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON tus_uploads TO portico_app;
