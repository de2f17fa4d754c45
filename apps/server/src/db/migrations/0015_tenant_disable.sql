-- A firm can be disabled by an operator (`portico tenant disable`): its rows stay, but nobody reaches it any more.
-- The tenant guard treats a disabled tenant like a missing one, discovery leaves it out, and the embedded
-- provider stops listing it in new tokens. NULL: the firm is in service.
ALTER TABLE tenants ADD COLUMN disabled_at timestamptz;
