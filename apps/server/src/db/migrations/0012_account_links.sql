-- Single-use links of the embedded provider's accounts: an invitation to set a first password (bound to the firm
-- that invited), a password reset (no firm: the person asked), and the short sign-in that follows setting a
-- password, so the person lands signed in. Only the SHA-256 of a link's secret is stored; the secret itself is
-- in the link alone. A link works once (used_at), until expires_at.

CREATE TABLE account_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_sha256 text NOT NULL UNIQUE CHECK (token_sha256 ~ '^[0-9a-f]{64}$'),
  purpose text NOT NULL CHECK (purpose IN ('invitation', 'password_reset', 'sign_in')),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tenant_code text REFERENCES tenants (code) ON DELETE CASCADE,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  -- An invitation names the firm whose staff sent it; a reset or a sign-in names none.
  CHECK ((purpose = 'invitation') = (tenant_code IS NOT NULL)),
  CHECK (expires_at > created_at)
);
-- A person's open links of one kind, for resending (which retires the earlier ones) and the expiry sweep.
CREATE INDEX account_links_user ON account_links (user_id, purpose) WHERE used_at IS NULL;
CREATE INDEX account_links_expiry ON account_links (expires_at);

-- The firm's staff create and resend invitations through the application role, which sees its own firm's only;
-- resets and sign-ins (no firm) are the provider's, which runs as the owner.
ALTER TABLE account_links ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON account_links
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE ON account_links TO portico_app;

-- Whether a person has an embedded account (the console's "invitation pending"); never their password hash.
GRANT SELECT (user_id) ON idp_accounts TO portico_app;
