-- Wallet as an append-only ledger (spec section 7, WalletBalances/WalletHistories).
-- wallet_transactions are the entries: the app may only INSERT them (no UPDATE/DELETE grant, and a
-- trigger refuses either for every role). wallet_balances is derived: only the entry trigger
-- writes it, in the same transaction as the entry, so balance = sum(entries) always holds and
-- CHECK (balance >= 0) refuses the entry that would overdraw it. `npm run admin -- wallet
-- reconcile <tenant>` proves both.

-- Entries written before the ledger: bring every balance in line with its entries first, with an
-- 'adjustment' entry for the difference (an opening balance written without a history row).
-- The owner reads every tenant's rows here (RLS not forced for this backfill).
ALTER TABLE wallet_balances NO FORCE ROW LEVEL SECURITY;
ALTER TABLE wallet_transactions NO FORCE ROW LEVEL SECURITY;
INSERT INTO wallet_transactions (tenant_id, user_id, amount, kind, description, created_at)
SELECT b.tenant_id, b.user_id, b.balance - coalesce(e.total, 0), 'adjustment', 'opening_balance', b.updated_at
  FROM wallet_balances b
  LEFT JOIN (SELECT user_id, sum(amount) AS total FROM wallet_transactions GROUP BY user_id) e USING (user_id)
 WHERE b.balance <> coalesce(e.total, 0);
INSERT INTO wallet_transactions (tenant_id, user_id, amount, kind, description)
SELECT e.tenant_id, e.user_id, -e.total, 'adjustment', 'opening_balance'
  FROM (SELECT tenant_id, user_id, sum(amount) AS total FROM wallet_transactions GROUP BY tenant_id, user_id) e
 WHERE e.total <> 0 AND NOT EXISTS (SELECT 1 FROM wallet_balances b WHERE b.user_id = e.user_id);
ALTER TABLE wallet_balances FORCE ROW LEVEL SECURITY;
ALTER TABLE wallet_transactions FORCE ROW LEVEL SECURITY;

-- Posting an entry moves its balance (a first entry creates the balance row). SECURITY DEFINER:
-- the app role has no write grant on wallet_balances. RLS still applies (forced for the owner),
-- with the entry's own tenant.
CREATE OR REPLACE FUNCTION wallet_post_entry() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  -- A foreign key is checked without RLS: the entry's user must be of the entry's own tenant.
  IF NOT EXISTS (SELECT 1 FROM users WHERE user_id = NEW.user_id AND tenant_id = NEW.tenant_id) THEN
    RAISE EXCEPTION 'wallet entry for a user of another tenant' USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- The row first (at 0: an INSERT's CHECK is tested before ON CONFLICT), then the move, which
  -- takes the row lock: concurrent entries of one user queue here and each sees the last balance.
  INSERT INTO wallet_balances (tenant_id, user_id, balance, updated_at)
  VALUES (NEW.tenant_id, NEW.user_id, 0, NEW.created_at)
  ON CONFLICT (user_id) DO NOTHING;
  UPDATE wallet_balances SET balance = balance + NEW.amount, updated_at = greatest(updated_at, NEW.created_at)
   WHERE user_id = NEW.user_id AND tenant_id = NEW.tenant_id;
  RETURN NULL;
END $$;
CREATE TRIGGER wallet_transactions_post AFTER INSERT ON wallet_transactions
  FOR EACH ROW EXECUTE FUNCTION wallet_post_entry();

-- Entries are never changed or removed. The only exceptions are the foreign keys' own actions
-- (they run inside a trigger, depth >= 2): the user's account purged (ON DELETE CASCADE takes
-- the balance too) and an appointment deleted (ON DELETE SET NULL of appointment_id only).
CREATE OR REPLACE FUNCTION wallet_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() >= 2 THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    IF NEW.appointment_id IS NULL AND (NEW.tenant_id, NEW.user_id, NEW.amount, NEW.kind, NEW.description, NEW.created_at)
       IS NOT DISTINCT FROM (OLD.tenant_id, OLD.user_id, OLD.amount, OLD.kind, OLD.description, OLD.created_at) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'wallet entries are append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER wallet_transactions_append_only BEFORE UPDATE OR DELETE ON wallet_transactions
  FOR EACH ROW EXECUTE FUNCTION wallet_entries_append_only();

-- A balance is written only by wallet_post_entry (or a purge's cascade), never directly.
CREATE OR REPLACE FUNCTION wallet_balances_derived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'wallet balances follow their entries (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE TRIGGER wallet_balances_derived BEFORE INSERT OR UPDATE OR DELETE ON wallet_balances
  FOR EACH ROW EXECUTE FUNCTION wallet_balances_derived();

REVOKE INSERT, UPDATE, DELETE ON wallet_balances FROM songkhoe_app;
REVOKE UPDATE, DELETE ON wallet_transactions FROM songkhoe_app;
