-- Passkeys (WebAuthn) on the embedded provider (issue 28 item 3, decision 51). Like the rest of the second step
-- (migration 0020) none of it is tenant data: the provider's owner connection reads and writes it, the application
-- role has no grant, and row-level security with no policy keeps it out should a grant be added by mistake.

-- A person's passkeys: the credential's id (base64url, unique across everyone: a sign-in without a username finds
-- the person by it), its COSE public key, the signature counter last seen, and the name the person gave it.
CREATE TABLE passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE CHECK (length(credential_id) <= 1400),
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  transports text[] NOT NULL DEFAULT '{}',
  backed_up boolean NOT NULL DEFAULT false,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_user ON passkeys (user_id, created_at);
ALTER TABLE passkeys ENABLE ROW LEVEL SECURITY;

-- The challenges of ceremonies under way, in the database so any server process can finish what another began:
-- each is taken once (DELETE … RETURNING) for its purpose and subject (the person registering, or the sign-in's
-- interaction), and only before it expires (five minutes).
CREATE TABLE passkey_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'second-step', 'sign-in')),
  subject text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);
ALTER TABLE passkey_challenges ENABLE ROW LEVEL SECURITY;

-- The sign-in history names the passkey methods: a passkey alone, or after the password as the second step.
ALTER TABLE sign_ins DROP CONSTRAINT sign_ins_method_check;
ALTER TABLE sign_ins ADD CONSTRAINT sign_ins_method_check CHECK (method IN
  ('password', 'password_app', 'password_recovery_code', 'password_link', 'passkey', 'password_passkey'));
