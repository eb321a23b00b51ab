-- The search index (server/services/search-index) also pages FilterDoctors' name searches in the
-- doctor list's order, rating DESC, rating_count DESC, doctor_id: a new review that leaves the
-- average as it was still moves the doctor among its equals, so a change of rating_count alone
-- must announce the tenant too (migration 019 watched the rating only).
DROP TRIGGER doctors_search_upd ON doctors;
CREATE TRIGGER doctors_search_upd AFTER UPDATE ON doctors FOR EACH ROW
  WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.approval_status IS DISTINCT FROM NEW.approval_status
     OR OLD.rating IS DISTINCT FROM NEW.rating OR OLD.rating_count IS DISTINCT FROM NEW.rating_count
     OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id)
  EXECUTE FUNCTION search_changed_updated();
