-- People as each firm knows them. A person (users) is global: one row per e-mail address, linked to the sign-ins
-- (user_identities) and roles of every firm. What a firm's staff and clients are shown of a person comes from the
-- firm's own record here: the name and the address as the firm typed them, never another firm's; once the person
-- signs in to the firm (accepted_at), the name they gave themselves, if they gave one. users.name is now only
-- such a name of the person's own (their account's at the embedded provider), NULL otherwise.

CREATE TABLE tenant_people (
  tenant_code text NOT NULL REFERENCES tenants (code) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The person's first request to the firm; from then on `name` is the one they gave themselves, if any.
  accepted_at timestamptz,
  PRIMARY KEY (tenant_code, user_id)
);

ALTER TABLE tenant_people ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tenant_people
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON tenant_people TO portico_app;

-- Everyone a firm has dealt with so far: its staff, its sites' members, and whoever its files, uploads and audit
-- log name. Their names were global until now, so each firm starts from the name every firm saw.
INSERT INTO tenant_people (tenant_code, user_id, name, email)
SELECT k.tenant_code, u.id, u.name, u.email
FROM (
  SELECT tenant_code, user_id FROM tenant_staff
  UNION SELECT tenant_code, user_id FROM site_members
  UNION SELECT tenant_code, user_id FROM audit_events WHERE user_id IS NOT NULL
  UNION SELECT tenant_code, created_by FROM files WHERE created_by IS NOT NULL
  UNION SELECT tenant_code, status_updated_by FROM files WHERE status_updated_by IS NOT NULL
  UNION SELECT tenant_code, created_by FROM uploads
) k
JOIN users u ON u.id = k.user_id;

-- Only an embedded account's name is the person's own. Any other was typed by a firm when it added them by
-- e-mail (a sign-in through an external provider never set it): it stays in that firm's record (above) and
-- leaves the global row, so no other firm can ever be shown it.
ALTER TABLE users ALTER COLUMN name DROP NOT NULL;
UPDATE users u SET name = NULL WHERE NOT EXISTS (SELECT 1 FROM idp_accounts a WHERE a.user_id = u.id);

-- Whoever gets a role in a firm has a record there. Adding a member through the API writes the record first, with
-- what the staff typed; a role written any other way (the demo seed, an operator) starts from the person's own
-- name, or their address. Runs as the writer, so row-level security binds it like the role's own row.
CREATE FUNCTION tenant_people_for_roles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tenant_people (tenant_code, user_id, name, email)
  SELECT DISTINCT r.tenant_code, u.id, coalesce(u.name, u.email), u.email
  FROM new_rows r JOIN users u ON u.id = r.user_id
  ON CONFLICT (tenant_code, user_id) DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER site_members_people AFTER INSERT ON site_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_people_for_roles();
CREATE TRIGGER tenant_staff_people AFTER INSERT ON tenant_staff
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_people_for_roles();
