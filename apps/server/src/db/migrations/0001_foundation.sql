-- Foundation: tenants, discovery, menus, identities, roles, sites, settings, files, audit, provider state.
-- Tenant-scoped tables carry tenant_code and a row-level-security policy bound to `app.tenant`, which
-- withTenant() sets per transaction for the non-owner role portico_app.

CREATE TABLE tenants (
  code text PRIMARY KEY CHECK (code ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  display_name text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 200),
  icon_png bytea NOT NULL,
  logo bytea NOT NULL,
  logo_content_type text NOT NULL CHECK (logo_content_type IN ('image/png', 'image/svg+xml')),
  primary_color text NOT NULL CHECK (primary_color ~ '^[0-9A-Fa-f]{6}$'),
  secondary_color text NOT NULL CHECK (secondary_color ~ '^[0-9A-Fa-f]{6}$'),
  tertiary_color text NOT NULL CHECK (tertiary_color ~ '^[0-9A-Fa-f]{6}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Where a tenant's services live. A relative address is resolved against PUBLIC_URL when answered, so the
-- default placement follows the server; an absolute one places the tenant's service on another host.
CREATE TABLE service_endpoints (
  tenant_code text NOT NULL REFERENCES tenants (code) ON DELETE CASCADE,
  service_type text NOT NULL,
  role_type text NOT NULL,
  client_type text NOT NULL,
  address text NOT NULL,
  PRIMARY KEY (tenant_code, service_type, role_type, client_type)
);

CREATE TABLE menu_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_code text NOT NULL REFERENCES tenants (code) ON DELETE CASCADE,
  audience text NOT NULL CHECK (audience IN ('client', 'staff')),
  key text NOT NULL,
  name text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  parent_id uuid REFERENCES menu_items (id) ON DELETE CASCADE,
  no_route boolean NOT NULL DEFAULT false,
  UNIQUE (tenant_code, audience, key)
);

-- A person. Identities link an issuer's subject to them; roles hang off the person, never off a token.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE user_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject)
);

-- Accounts of the embedded OpenID provider only; its subject is users.id.
CREATE TABLE idp_accounts (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  username text NOT NULL UNIQUE CHECK (username ~ '^[a-z0-9._-]{1,64}$'),
  password_hash text NOT NULL,
  email_verified boolean NOT NULL DEFAULT true
);

CREATE TABLE tenant_staff (
  tenant_code text NOT NULL REFERENCES tenants (code) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_code, user_id)
);

CREATE TABLE sites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_code text NOT NULL REFERENCES tenants (code) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  reference text,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_code, id)
);
CREATE INDEX sites_tenant_name ON sites (tenant_code, lower(name));

CREATE TABLE site_members (
  tenant_code text NOT NULL,
  site_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, user_id),
  FOREIGN KEY (tenant_code, site_id) REFERENCES sites (tenant_code, id) ON DELETE CASCADE
);
CREATE INDEX site_members_user ON site_members (user_id, tenant_code);

-- Tenant defaults have site_id NULL; a site row overrides only the flags it names.
CREATE TABLE file_area_settings (
  tenant_code text NOT NULL REFERENCES tenants (code) ON DELETE CASCADE,
  site_id uuid,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(settings) = 'object'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (tenant_code, site_id) REFERENCES sites (tenant_code, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX file_area_settings_scope ON file_area_settings (tenant_code, coalesce(site_id, '00000000-0000-0000-0000-000000000000'::uuid));

CREATE TABLE files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_code text NOT NULL,
  site_id uuid NOT NULL,
  direction text NOT NULL CHECK (direction IN ('published', 'submitted')),
  title text NOT NULL,
  file_name text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  blob_key text NOT NULL UNIQUE,
  reference_number text,
  status text NOT NULL DEFAULT 'received',
  status_note text,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  FOREIGN KEY (tenant_code, site_id) REFERENCES sites (tenant_code, id) ON DELETE CASCADE
);
CREATE INDEX files_site_listing ON files (tenant_code, site_id, direction, created_at DESC) WHERE deleted_at IS NULL;

CREATE TABLE audit_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_code text NOT NULL REFERENCES tenants (code) ON DELETE CASCADE,
  site_id uuid,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL,
  file_id uuid,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  occurred_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_events_tenant_time ON audit_events (tenant_code, occurred_at DESC);

-- State of the embedded OpenID provider (sessions, codes, grants, refresh tokens), one table for all models.
CREATE TABLE oidc_payloads (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_payloads_grant ON oidc_payloads (grant_id);
CREATE INDEX oidc_payloads_uid ON oidc_payloads (uid);
CREATE INDEX oidc_payloads_expires ON oidc_payloads (expires_at);

-- Row-level security: the second wall. The owner (migrations, seed, provider) is not bound; portico_app is.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['service_endpoints', 'menu_items', 'tenant_staff', 'sites', 'site_members',
                           'file_area_settings', 'files', 'audit_events']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_code = current_setting(''app.tenant'', true)) WITH CHECK (tenant_code = current_setting(''app.tenant'', true))', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO portico_app', t);
  END LOOP;
END $$;

ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tenants USING (code = current_setting('app.tenant', true));
GRANT SELECT, UPDATE ON tenants TO portico_app;

-- People are not tenant data; the application role reads them to show names, and links identities.
GRANT SELECT, INSERT, UPDATE ON users, user_identities TO portico_app;
