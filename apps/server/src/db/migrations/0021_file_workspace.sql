-- The file workspace, part 1 (issue 26, decision 46): folders, versions, check-out and trash over the existing
-- `files` table. A file keeps its id, site and direction; what changes is where it sits (folder_id), which of its
-- versions is current (version, with the current version's bytes still in files.blob_key / size / sha256 so every
-- download path reads one row), who holds it checked out, and whether it sits in the site's trash.

-- One folder tree per site, shared by Published Files and Submitted Files. A folder holds no path: moving a folder
-- is one UPDATE of its parent_id, whatever it holds; the subtree is walked with a recursive query over
-- folders_children. Names are unique among the live children of a parent (root: parent_id IS NULL).
CREATE TABLE folders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_code text NOT NULL,
  site_id uuid NOT NULL,
  parent_id uuid REFERENCES folders (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255 AND name !~ '[/\\]' AND name NOT IN ('.', '..')),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- In the trash: deleted_at is set on the folder deleted and on everything deleted with it; trashed_with names
  -- the folder whose deletion took this row along (NULL for the item the user deleted), so a restore brings
  -- back exactly what went together and the trash lists only what someone deleted.
  deleted_at timestamptz,
  deleted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  trashed_with uuid,
  FOREIGN KEY (tenant_code, site_id) REFERENCES sites (tenant_code, id) ON DELETE CASCADE,
  CHECK (parent_id IS DISTINCT FROM id)
);
CREATE INDEX folders_children ON folders (tenant_code, site_id, parent_id, name) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX folders_unique_name ON folders (tenant_code, site_id, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name)) WHERE deleted_at IS NULL;
CREATE INDEX folders_trash ON folders (tenant_code, site_id, deleted_at DESC) WHERE deleted_at IS NOT NULL;
CREATE INDEX folders_trashed_with ON folders (trashed_with) WHERE trashed_with IS NOT NULL;

ALTER TABLE folders ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON folders
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON folders TO portico_app;

-- Where a file sits (NULL: the site's root), its current version, its check-out and its place in the trash.
ALTER TABLE files ADD COLUMN folder_id uuid REFERENCES folders (id) ON DELETE SET NULL;
ALTER TABLE files ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE files ADD COLUMN checked_out_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE files ADD COLUMN checked_out_until timestamptz;
ALTER TABLE files ADD COLUMN deleted_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE files ADD COLUMN trashed_with uuid;
ALTER TABLE files ADD CONSTRAINT files_checkout_whole CHECK ((checked_out_by IS NULL) = (checked_out_until IS NULL));
-- A copy shares its source's bytes, and every version keeps its own: a blob may now back several rows. Whether a
-- blob is still needed is asked of files, file_versions, uploads, tus_uploads and blob_scans (orphan-blobs.ts).
ALTER TABLE files DROP CONSTRAINT files_blob_key_key;
CREATE INDEX files_blob_key ON files (blob_key);

-- A folder's page: the live files of one direction in one folder of one site, newest first.
CREATE INDEX files_folder_listing ON files (tenant_code, site_id, direction, folder_id, created_at DESC)
  WHERE deleted_at IS NULL;
CREATE INDEX files_trash ON files (tenant_code, site_id, deleted_at DESC) WHERE deleted_at IS NOT NULL;
CREATE INDEX files_trashed_with ON files (trashed_with) WHERE trashed_with IS NOT NULL;
CREATE INDEX files_checked_out ON files (checked_out_until) WHERE checked_out_by IS NOT NULL;

-- Every version of a file, the current one included (files.version names it). A new version is a new row and a
-- new current version, never a rewrite; making an old version current copies it as the newest.
CREATE TABLE file_versions (
  tenant_code text NOT NULL,
  file_id uuid NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  file_name text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  blob_key text NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (file_id, version)
);
CREATE INDEX file_versions_blob_key ON file_versions (blob_key);

ALTER TABLE file_versions ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON file_versions
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON file_versions TO portico_app;

-- Every existing file is its own version 1.
INSERT INTO file_versions (tenant_code, file_id, version, file_name, content_type, size, sha256, blob_key,
                           created_by, created_at)
SELECT tenant_code, id, 1, file_name, content_type, size, sha256, blob_key, created_by, created_at FROM files;

-- A file's timeline (history, check-out history) is read from the audit log by file, newest first.
CREATE INDEX audit_events_file_time ON audit_events (tenant_code, file_id, occurred_at DESC, id DESC)
  WHERE file_id IS NOT NULL;

-- Whichever way a file is made (a saved upload, a publication, a copy, the seed), its first version is recorded
-- with it: one statement-level trigger, so a bulk insert writes its versions in one statement too. Later
-- versions are written by the versions module with the UPDATE of files that makes them current.
CREATE FUNCTION files_first_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO file_versions (tenant_code, file_id, version, file_name, content_type, size, sha256, blob_key,
                             created_by, created_at)
  SELECT tenant_code, id, version, file_name, content_type, size, sha256, blob_key, created_by, created_at
  FROM new_rows;
  RETURN NULL;
END $$;
CREATE TRIGGER files_first_version AFTER INSERT ON files
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION files_first_version();
