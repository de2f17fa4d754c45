-- Document requests (decision 36): the firm asks a site's clients for named documents by a due date; each item
-- moves through the states of requests/request-states.ts; files sent against an item are Submitted Files that
-- name it (files.request_item_id). A request keeps its progress counters beside it, written in the same
-- transaction as each item change, so the staff's list across the firm is one index read with no aggregate.

CREATE TABLE document_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_code text NOT NULL,
  site_id uuid NOT NULL,
  title text NOT NULL,
  note text,
  due_date date NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed', 'cancelled')),
  template_id uuid,
  items_total integer NOT NULL DEFAULT 0,
  items_received integer NOT NULL DEFAULT 0,
  items_accepted integer NOT NULL DEFAULT 0,
  -- Items waiting for the client (open or rejected): the portal's badge adds these up.
  items_open integer NOT NULL DEFAULT 0,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  UNIQUE (tenant_code, id),
  FOREIGN KEY (tenant_code, site_id) REFERENCES sites (tenant_code, id) ON DELETE CASCADE
);
-- The staff's list (overdue first = earliest due date first), across the firm or for one site.
CREATE INDEX document_requests_by_due ON document_requests (tenant_code, status, due_date, id);
CREATE INDEX document_requests_site_by_due ON document_requests (tenant_code, site_id, status, due_date, id);
-- The reminder job's scan across firms: open requests by due date.
CREATE INDEX document_requests_open_due ON document_requests (due_date) WHERE status = 'open';

CREATE TABLE document_request_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_code text NOT NULL,
  request_id uuid NOT NULL,
  position integer NOT NULL,
  name text NOT NULL,
  description text,
  required boolean NOT NULL,
  multiple boolean NOT NULL,
  status text NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'received', 'accepted', 'rejected', 'not_applicable')),
  -- The firm's note with a rejection; the client's comment with "not applicable".
  staff_note text,
  client_comment text,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz,
  UNIQUE (request_id, position),
  FOREIGN KEY (tenant_code, request_id) REFERENCES document_requests (tenant_code, id) ON DELETE CASCADE
);
CREATE INDEX document_request_items_request ON document_request_items (tenant_code, request_id, position);

ALTER TABLE files ADD COLUMN request_item_id uuid REFERENCES document_request_items (id) ON DELETE SET NULL;
CREATE INDEX files_request_item ON files (request_item_id) WHERE request_item_id IS NOT NULL;

CREATE TABLE document_request_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_code text NOT NULL REFERENCES tenants (code) ON DELETE CASCADE,
  name text NOT NULL,
  title text NOT NULL,
  note text,
  items jsonb NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_code, name)
);

-- Each reminder step of a request is sent once: the row is inserted in the transaction that sends it, and a
-- second process (or a second tick) that tries the same step finds the key taken and sends nothing.
CREATE TABLE document_request_reminders (
  tenant_code text NOT NULL,
  request_id uuid NOT NULL,
  step text NOT NULL,
  sent_by uuid REFERENCES users (id) ON DELETE SET NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (request_id, step),
  FOREIGN KEY (tenant_code, request_id) REFERENCES document_requests (tenant_code, id) ON DELETE CASCADE
);

-- When reminders go, per firm; a firm without a row uses the defaults below.
CREATE TABLE document_request_reminder_settings (
  tenant_code text PRIMARY KEY REFERENCES tenants (code) ON DELETE CASCADE,
  days_before integer NOT NULL DEFAULT 3 CHECK (days_before BETWEEN 0 AND 60),
  overdue_every_days integer NOT NULL DEFAULT 7 CHECK (overdue_every_days BETWEEN 1 AND 60),
  overdue_max integer NOT NULL DEFAULT 3 CHECK (overdue_max BETWEEN 0 AND 20)
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['document_requests', 'document_request_items', 'document_request_templates',
                           'document_request_reminders', 'document_request_reminder_settings'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_code = current_setting(''app.tenant'', true)) WITH CHECK (tenant_code = current_setting(''app.tenant'', true))', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO portico_app', t);
  END LOOP;
END $$;

-- Requests per (tenant, site, status), kept exact by statement-level triggers (as file_counts, migration 0005), so
-- the staff list's unfiltered total is a sum over a firm's sites rather than a count over every request.
CREATE TABLE document_request_counts (
  tenant_code text NOT NULL,
  site_id uuid NOT NULL,
  status text NOT NULL,
  n bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_code, status, site_id),
  FOREIGN KEY (tenant_code, site_id) REFERENCES sites (tenant_code, id) ON DELETE CASCADE
);
ALTER TABLE document_request_counts ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON document_request_counts
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON document_request_counts TO portico_app;

CREATE FUNCTION document_requests_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO document_request_counts AS c (tenant_code, site_id, status, n)
    SELECT tenant_code, site_id, status, count(*) FROM new_rows GROUP BY 1, 2, 3
    ON CONFLICT (tenant_code, status, site_id) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE document_request_counts c SET n = c.n - d.n
    FROM (SELECT tenant_code, site_id, status, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) d
    WHERE c.tenant_code = d.tenant_code AND c.site_id = d.site_id AND c.status = d.status;
  ELSE
    WITH d AS (
      SELECT tenant_code, site_id, status, sum(x.d) AS n FROM (
        SELECT tenant_code, site_id, status, 1 AS d FROM new_rows
        UNION ALL
        SELECT tenant_code, site_id, status, -1 FROM old_rows
      ) x GROUP BY 1, 2, 3 HAVING sum(x.d) <> 0
    ), decrements AS (
      UPDATE document_request_counts c SET n = c.n + d.n FROM d
      WHERE d.n < 0 AND c.tenant_code = d.tenant_code AND c.site_id = d.site_id AND c.status = d.status
    )
    INSERT INTO document_request_counts AS c (tenant_code, site_id, status, n)
    SELECT tenant_code, site_id, status, n FROM d WHERE n > 0
    ON CONFLICT (tenant_code, status, site_id) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER document_requests_count_insert AFTER INSERT ON document_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION document_requests_count_changes();
CREATE TRIGGER document_requests_count_update AFTER UPDATE ON document_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION document_requests_count_changes();
CREATE TRIGGER document_requests_count_delete AFTER DELETE ON document_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION document_requests_count_changes();
