-- Issue 27, items 6 and 7 (decision 52).
--
-- Share links: files e-mailed to an address travel as a link, never as an attachment. One link per recipient; only
-- the SHA-256 of its random token is stored (the token is in the mail alone). A link works until expires_at, until
-- revoked_at, and, with max_downloads, until download_count reaches it. The public page finds a link by its hash
-- as the owner (the page has no tenant in its path), then reads everything else in that link's tenant alone.
CREATE TABLE share_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_code text NOT NULL REFERENCES tenants (code) ON DELETE CASCADE,
  token_sha256 text NOT NULL UNIQUE CHECK (token_sha256 ~ '^[0-9a-f]{64}$'),
  created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  recipient_email text NOT NULL CHECK (length(recipient_email) BETWEEN 3 AND 254),
  message text CHECK (length(message) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  max_downloads integer CHECK (max_downloads BETWEEN 1 AND 1000),
  download_count integer NOT NULL DEFAULT 0 CHECK (download_count >= 0),
  revoked_at timestamptz,
  revoked_by uuid REFERENCES users (id) ON DELETE SET NULL,
  CHECK (expires_at > created_at)
);
-- The staff's list of a tenant's live links and a sender's own, newest first.
CREATE INDEX share_links_tenant ON share_links (tenant_code, created_at DESC) WHERE revoked_at IS NULL;
CREATE INDEX share_links_sender ON share_links (tenant_code, created_by, created_at DESC);

ALTER TABLE share_links ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON share_links
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE ON share_links TO portico_app;

-- The files of a link, in the order they were sent.
CREATE TABLE share_link_files (
  tenant_code text NOT NULL,
  share_link_id uuid NOT NULL REFERENCES share_links (id) ON DELETE CASCADE,
  file_id uuid NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (share_link_id, file_id)
);
CREATE INDEX share_link_files_file ON share_link_files (file_id);

ALTER TABLE share_link_files ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON share_link_files
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT ON share_link_files TO portico_app;

-- Uploads from a link: the server fetches a web address into the blob store as a pending upload. The job's state
-- lives here, so any server process answers its progress; a job whose process died stops being updated and is
-- answered failed once its updated_at is older than the fetch's time limit.
CREATE TABLE url_uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_code text NOT NULL,
  site_id uuid NOT NULL,
  folder_id uuid REFERENCES folders (id) ON DELETE SET NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url text NOT NULL CHECK (length(url) <= 2048),
  state text NOT NULL DEFAULT 'fetching' CHECK (state IN ('fetching', 'done', 'failed')),
  bytes_received bigint NOT NULL DEFAULT 0,
  bytes_expected bigint,
  file_name text,
  reference_number text,
  error_code text,
  error_message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (tenant_code, site_id) REFERENCES sites (tenant_code, id) ON DELETE CASCADE,
  CHECK ((state = 'done') = (reference_number IS NOT NULL)),
  CHECK ((state = 'failed') = (error_code IS NOT NULL))
);
CREATE INDEX url_uploads_user ON url_uploads (tenant_code, user_id) WHERE state = 'fetching';

ALTER TABLE url_uploads ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON url_uploads
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON url_uploads TO portico_app;

-- The staff's Share links page (every live link of the firm, to revoke), last in every firm's staff menu.
INSERT INTO menu_items (tenant_code, audience, key, name, sort_order)
SELECT t.code, 'staff', 'shareLinks', 'Share links',
  coalesce((SELECT max(m.sort_order) FROM menu_items m WHERE m.tenant_code = t.code AND m.audience = 'staff'), 0) + 1
FROM tenants t
ON CONFLICT (tenant_code, audience, key) DO NOTHING;
