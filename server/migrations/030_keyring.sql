-- Keys that can rotate (ARCHITECTURE.md "Keys"): one row per key, per purpose. The material is
-- sealed (AES-256-GCM) under a master key derived from JWT_SECRET, so a copy of the database alone
-- does not yield the keys. The newest row of a purpose is its current key (signing, writing); every
-- row not yet retired still verifies and decrypts. Values written before this table existed carry
-- no key id and are read with the keys derived from JWT_SECRET as before (key id '0').
CREATE TABLE keyring (
  kid text PRIMARY KEY CHECK (kid ~ '^[a-z0-9]{1,32}$'),
  purpose text NOT NULL CHECK (purpose IN ('access-token', 'code-hmac', 'seal')),
  material text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);
CREATE INDEX keyring_purpose ON keyring (purpose, created_at DESC);

-- Only the owner (server start, operator commands) reads it: request handlers run as the app role,
-- which must never see key material.
REVOKE ALL ON keyring FROM songkhoe_app;
