-- The file workspace, part 2 (issue 27, decision 54): status, assignee, tags, categories, projects, subscriptions and
-- client publishing over the existing `files` table. Everything a file is classified by is a row of the file's own
-- tenant: the composite foreign keys (tenant_code, …) make a tag, category, project or status of tenant B unusable
-- on a file of tenant A whatever the code does, and a project usable only on a file of its own site.

-- Statuses of published files (submitted files keep their review status in files.status): each tenant's short list,
-- `key` stable (what the API sends), `name` what people read. Removing a status clears it from the files that had it.
CREATE TABLE file_statuses (
  tenant_code text NOT NULL REFERENCES tenants (code) ON DELETE CASCADE,
  key text NOT NULL CHECK (key ~ '^[a-z][a-z0-9_]{0,39}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  sort_order integer NOT NULL,
  PRIMARY KEY (tenant_code, key)
);
CREATE UNIQUE INDEX file_statuses_name ON file_statuses (tenant_code, lower(name));
ALTER TABLE file_statuses ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON file_statuses
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON file_statuses TO portico_app;

INSERT INTO file_statuses (tenant_code, key, name, sort_order)
SELECT t.code, s.key, s.name, s.sort_order
FROM tenants t
CROSS JOIN (VALUES ('for_review', 'For review', 1), ('approved', 'Approved', 2),
                   ('changes_requested', 'Changes requested', 3)) AS s(key, name, sort_order)
ON CONFLICT DO NOTHING;

-- A published file's status (a key of its tenant's list; NULL: none yet). Its note is files.status_note, which a
-- published file did not use before.
ALTER TABLE files ADD COLUMN file_status text;
ALTER TABLE files ADD CONSTRAINT files_file_status FOREIGN KEY (tenant_code, file_status)
  REFERENCES file_statuses (tenant_code, key) ON UPDATE CASCADE ON DELETE SET NULL (file_status);
CREATE INDEX files_file_status_listing ON files (tenant_code, site_id, direction, file_status, created_at DESC)
  WHERE deleted_at IS NULL AND file_status IS NOT NULL;

-- Tags: tenant-wide (name, colour); a file has any number. file_tags is read both ways: a page's tags by file, the
-- files of a tag (a filter: `tagId`) by tag.
CREATE TABLE tags (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_code text NOT NULL REFERENCES tenants (code) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  color text NOT NULL CHECK (color ~ '^#[0-9a-f]{6}$'),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_code, id)
);
CREATE UNIQUE INDEX tags_name ON tags (tenant_code, lower(name));
ALTER TABLE tags ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tags
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON tags TO portico_app;

CREATE TABLE file_tags (
  tenant_code text NOT NULL,
  file_id uuid NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  tag_id uuid NOT NULL,
  PRIMARY KEY (file_id, tag_id),
  FOREIGN KEY (tenant_code, tag_id) REFERENCES tags (tenant_code, id) ON DELETE CASCADE
);
CREATE INDEX file_tags_tag ON file_tags (tenant_code, tag_id, file_id);
ALTER TABLE file_tags ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON file_tags
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON file_tags TO portico_app;

-- Categories (document types): tenant-wide; a file has at most one.
CREATE TABLE categories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_code text NOT NULL REFERENCES tenants (code) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_code, id)
);
CREATE UNIQUE INDEX categories_name ON categories (tenant_code, lower(name));
ALTER TABLE categories ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON categories
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON categories TO portico_app;

INSERT INTO categories (tenant_code, name, sort_order)
SELECT t.code, c.name, c.sort_order
FROM tenants t
CROSS JOIN (VALUES ('Tax return', 1), ('Bank statement', 2), ('Invoice', 3), ('ID document', 4), ('Other', 5))
  AS c(name, sort_order)
ON CONFLICT DO NOTHING;

ALTER TABLE files ADD COLUMN category_id uuid;
ALTER TABLE files ADD CONSTRAINT files_category FOREIGN KEY (tenant_code, category_id)
  REFERENCES categories (tenant_code, id) ON DELETE SET NULL (category_id);
CREATE INDEX files_category_listing ON files (tenant_code, site_id, direction, category_id, created_at DESC)
  WHERE deleted_at IS NULL AND category_id IS NOT NULL;

-- Projects: per site (an engagement, "2025 Personal Tax"), open or closed; a file belongs to at most one, of its own
-- site (the foreign key names the site).
CREATE TABLE projects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_code text NOT NULL,
  site_id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (tenant_code, site_id) REFERENCES sites (tenant_code, id) ON DELETE CASCADE,
  UNIQUE (tenant_code, site_id, id)
);
CREATE UNIQUE INDEX projects_name ON projects (tenant_code, site_id, lower(name));
ALTER TABLE projects ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON projects
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON projects TO portico_app;

ALTER TABLE files ADD COLUMN project_id uuid;
ALTER TABLE files ADD CONSTRAINT files_project FOREIGN KEY (tenant_code, site_id, project_id)
  REFERENCES projects (tenant_code, site_id, id) ON DELETE SET NULL (project_id);
CREATE INDEX files_project_listing ON files (tenant_code, site_id, direction, project_id, created_at DESC)
  WHERE deleted_at IS NULL AND project_id IS NOT NULL;

-- The assignee (a staff member of the tenant or a member client of the file's site: checked by the use case), when
-- it was handed over, with an optional due day. "Assigned to me" reads files_assignee.
ALTER TABLE files ADD COLUMN assignee_id uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE files ADD COLUMN assigned_at timestamptz;
ALTER TABLE files ADD COLUMN assignment_due date;
CREATE INDEX files_assignee ON files (tenant_code, assignee_id, created_at DESC)
  WHERE deleted_at IS NULL AND assignee_id IS NOT NULL;

-- Every change of assignee: from, to, who, when, note, due day. Newest first per file.
CREATE TABLE file_assignments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_code text NOT NULL,
  file_id uuid NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  from_user uuid REFERENCES users (id) ON DELETE SET NULL,
  to_user uuid REFERENCES users (id) ON DELETE SET NULL,
  assigned_by uuid REFERENCES users (id) ON DELETE SET NULL,
  note text CHECK (length(note) <= 2000),
  due_date date,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX file_assignments_file ON file_assignments (file_id, id DESC);
ALTER TABLE file_assignments ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON file_assignments
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON file_assignments TO portico_app;

-- Subscriptions: a client's mails about new and updated files in a folder (folder_id) or the whole site (NULL).
CREATE TABLE file_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_code text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  site_id uuid NOT NULL,
  folder_id uuid REFERENCES folders (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (tenant_code, site_id) REFERENCES sites (tenant_code, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX file_subscriptions_unique ON file_subscriptions
  (tenant_code, user_id, site_id, coalesce(folder_id, '00000000-0000-0000-0000-000000000000'::uuid));
CREATE INDEX file_subscriptions_site ON file_subscriptions (tenant_code, site_id);
ALTER TABLE file_subscriptions ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON file_subscriptions
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON file_subscriptions TO portico_app;

-- Client publishing: a client's own file published to the site keeps its id; published_by names the client (NULL
-- for what the firm published), client_published_at when.
ALTER TABLE files ADD COLUMN published_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE files ADD COLUMN client_published_at timestamptz;

-- "Assigned to me" in both menus, after what each audience has.
INSERT INTO menu_items (tenant_code, audience, key, name, sort_order)
SELECT t.code, a.audience, 'assignedToMe', 'Assigned to me',
  coalesce((SELECT max(m.sort_order) FROM menu_items m WHERE m.tenant_code = t.code AND m.audience = a.audience), 0) + 1
FROM tenants t CROSS JOIN (VALUES ('client'), ('staff')) AS a(audience)
ON CONFLICT (tenant_code, audience, key) DO NOTHING;
