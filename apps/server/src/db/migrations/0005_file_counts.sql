-- Live file counts per (tenant, site, direction), kept exact by triggers on files, so that an unfiltered list's
-- total is one row read instead of a count over every file of the site. "Live" means deleted_at IS NULL, the
-- same rows the lists show. Statement-level triggers with transition tables: a bulk insert or update changes
-- each counter once per statement, not once per row.

CREATE TABLE file_counts (
  tenant_code text NOT NULL,
  site_id uuid NOT NULL,
  direction text NOT NULL CHECK (direction IN ('published', 'submitted')),
  n bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_code, site_id, direction),
  FOREIGN KEY (tenant_code, site_id) REFERENCES sites (tenant_code, id) ON DELETE CASCADE
);

ALTER TABLE file_counts ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON file_counts
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON file_counts TO portico_app;

-- Adds each (tenant, site, direction)'s delta. Increments may create the counter; decrements only update an
-- existing one (when a site is deleted, its counters and files go in the same cascade, in either order).
CREATE FUNCTION files_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO file_counts AS c (tenant_code, site_id, direction, n)
    SELECT tenant_code, site_id, direction, count(*) FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3
    ON CONFLICT (tenant_code, site_id, direction) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE file_counts c SET n = c.n - d.n
    FROM (SELECT tenant_code, site_id, direction, count(*) AS n FROM old_rows WHERE deleted_at IS NULL
          GROUP BY 1, 2, 3) d
    WHERE c.tenant_code = d.tenant_code AND c.site_id = d.site_id AND c.direction = d.direction;
  ELSE
    -- Soft delete, restore, or a file moved to another site or direction; any other update nets to nothing.
    -- A key's delta has one sign, so the two writes below never touch the same counter.
    WITH d AS (
      SELECT tenant_code, site_id, direction, sum(x.d) AS n FROM (
        SELECT tenant_code, site_id, direction, 1 AS d FROM new_rows WHERE deleted_at IS NULL
        UNION ALL
        SELECT tenant_code, site_id, direction, -1 FROM old_rows WHERE deleted_at IS NULL
      ) x GROUP BY 1, 2, 3 HAVING sum(x.d) <> 0
    ), decrements AS (
      UPDATE file_counts c SET n = c.n + d.n FROM d
      WHERE d.n < 0 AND c.tenant_code = d.tenant_code AND c.site_id = d.site_id AND c.direction = d.direction
    )
    INSERT INTO file_counts AS c (tenant_code, site_id, direction, n)
    SELECT tenant_code, site_id, direction, n FROM d WHERE n > 0
    ON CONFLICT (tenant_code, site_id, direction) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER files_count_insert AFTER INSERT ON files
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION files_count_changes();
CREATE TRIGGER files_count_update AFTER UPDATE ON files
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION files_count_changes();
CREATE TRIGGER files_count_delete AFTER DELETE ON files
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION files_count_changes();

CREATE FUNCTION files_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM file_counts;
  RETURN NULL;
END $$;
CREATE TRIGGER files_count_truncate AFTER TRUNCATE ON files
  FOR EACH STATEMENT EXECUTE FUNCTION files_count_truncate();

-- The counters start from the files already there; no file is written meanwhile.
LOCK TABLE files IN SHARE MODE;
INSERT INTO file_counts (tenant_code, site_id, direction, n)
SELECT tenant_code, site_id, direction, count(*) FROM files WHERE deleted_at IS NULL GROUP BY 1, 2, 3;

-- The lists' default order (newest first, id breaking ties) read straight from an index: LIMIT rows, no sort.
-- It replaces files_site_listing, whose columns it starts with.
CREATE INDEX files_site_listing_page ON files (tenant_code, site_id, direction, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;
DROP INDEX files_site_listing;
