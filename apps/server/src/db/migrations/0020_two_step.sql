-- Two-step sign-in on the embedded provider (issue 28, decision 45). None of it is tenant data: the provider's
-- owner connection reads and writes it, the application role has no grant, and row-level security with no
-- policy keeps it out should a grant ever be added by mistake.

-- A person's authenticator app: the TOTP secret sealed with SECRET_KEY (AES-256-GCM, bound to the person's id),
-- never stored in clear. confirmed_at is NULL while an enrolment waits for its first code. last_step is the time
-- step of the last code accepted: a code is taken only for a later step, so each code works once.
CREATE TABLE two_step_totp (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sealed_secret text NOT NULL,
  confirmed_at timestamptz,
  last_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE two_step_totp ENABLE ROW LEVEL SECURITY;

-- Ten single-use recovery codes per person, only their SHA-256 stored; regenerating replaces them all.
CREATE TABLE two_step_recovery_codes (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_sha256 text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, code_sha256)
);
ALTER TABLE two_step_recovery_codes ENABLE ROW LEVEL SECURITY;

-- Wrong second-step codes, counted in the database so the limit holds across server processes: five in fifteen
-- minutes lock the second step until locked_until, even for the right code.
CREATE TABLE two_step_failures (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX two_step_failures_user ON two_step_failures (user_id, failed_at);
ALTER TABLE two_step_failures ENABLE ROW LEVEL SECURITY;

CREATE TABLE two_step_locks (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  locked_until timestamptz NOT NULL
);
ALTER TABLE two_step_locks ENABLE ROW LEVEL SECURITY;

-- The firm's policy: who of its people must have a second step before any token is issued.
ALTER TABLE tenants ADD COLUMN two_step_required text NOT NULL DEFAULT 'off'
  CHECK (two_step_required IN ('off', 'staff', 'clients', 'everyone'));

-- The key that seals second-step secrets, generated on the first start when SECRET_KEY is not set.
ALTER TABLE provider_secrets DROP CONSTRAINT provider_secrets_name_check;
ALTER TABLE provider_secrets ADD CONSTRAINT provider_secrets_name_check
  CHECK (name IN ('jwks', 'cookie-keys', 'secret-key'));

-- "Sign out everywhere" and a password change end every provider session, grant and refresh token of a person
-- (idp/sessions.ts): found by the account they name.
CREATE INDEX oidc_payloads_account ON oidc_payloads ((payload->>'accountId')) WHERE payload ? 'accountId';

-- Sign-in history (issue 28 item 6): each completed sign-in at the embedded provider, with how, from which
-- browser (its description, and the SHA-256 of a random id the browser keeps in a cookie, to recognise a browser
-- not seen before) and which address. The person sees theirs; staff see a client's.
CREATE TABLE sign_ins (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  signed_in_at timestamptz NOT NULL DEFAULT now(),
  method text NOT NULL CHECK (method IN ('password', 'password_app', 'password_recovery_code', 'password_link')),
  browser text NOT NULL CHECK (length(browser) <= 100),
  address text NOT NULL CHECK (length(address) <= 64),
  browser_sha256 text NOT NULL
);
CREATE INDEX sign_ins_user ON sign_ins (user_id, signed_in_at DESC);
ALTER TABLE sign_ins ENABLE ROW LEVEL SECURITY;
