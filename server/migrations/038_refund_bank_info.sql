-- Refund bank info (spec sections 3 "Refund bank info: bank, account name, account number" and 5,
-- all three required): where a patient's refunds go on a tenant that refunds to the bank
-- (tenant.json booking.refundTo 'bank', or no wallet feature). One per account.
CREATE TABLE refund_bank_accounts (
  tenant_id text NOT NULL DEFAULT current_tenant() REFERENCES tenants(code),
  user_id integer PRIMARY KEY REFERENCES users ON DELETE CASCADE,
  bank_name text NOT NULL CHECK (length(bank_name) BETWEEN 1 AND 120),
  account_name text NOT NULL CHECK (length(account_name) BETWEEN 1 AND 120),
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{6,20}$'),
  updated_at timestamptz NOT NULL
);
SELECT enable_tenant_rls('refund_bank_accounts');
-- The care side never reads a patient's bank account.
SELECT enable_care_scope('refund_bank_accounts', 'false');
