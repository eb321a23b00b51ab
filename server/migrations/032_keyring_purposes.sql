-- Every derived secret in the keyring (ARCHITECTURE.md "Keys"): signed file URLs of the disk storage
-- driver and captcha challenges get their own keys. A key id is unique within its purpose, so that
-- `keys change-secret` can keep each purpose's key 0 of the old JWT_SECRET in the table.
ALTER TABLE keyring DROP CONSTRAINT keyring_pkey;
ALTER TABLE keyring ADD PRIMARY KEY (purpose, kid);
ALTER TABLE keyring DROP CONSTRAINT keyring_purpose_check;
ALTER TABLE keyring ADD CONSTRAINT keyring_purpose_check
  CHECK (purpose IN ('access-token', 'code-hmac', 'seal', 'url-signing', 'captcha'));
