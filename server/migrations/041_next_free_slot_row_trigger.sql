-- A doctor's next_free_slot (migration 008) was recomputed by a statement trigger after every
-- UPDATE of slots: a booking paid for the transition tables, the UNION of their doctors and a
-- min() over the doctor's free slots (1.3 of the 2.6 ms the booking statement took on the bench),
-- even though booking a slot moves the doctor's next free slot only when it was that slot.
--
-- Updates now fire a row trigger, and only for a row whose place in the answer can change (it
-- became booked or free, or moved in time or to another doctor):
--  - taken: the value moves only when it was this slot (then it is recomputed);
--  - freed: the value can only move earlier, to this slot (an unknown value is recomputed);
--  - anything else: both doctors are recomputed, as before.
-- Inserts and deletes keep the statement trigger (a schedule writes thousands of slots at once).
-- As in migration 040, a doctor's row is written only when its value changes.
DROP TRIGGER doctor_slots_next_free_upd ON doctor_slots;

CREATE FUNCTION doctor_slot_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.doctor_id = OLD.doctor_id AND NEW.starts_at = OLD.starts_at THEN
    IF NEW.is_booked THEN
      UPDATE doctors SET next_free_slot = next_free_slot_of(doctor_id)
       WHERE doctor_id = NEW.doctor_id AND next_free_slot = NEW.starts_at;
      RETURN NULL;
    ELSIF NEW.starts_at > now() THEN
      UPDATE doctors
         SET next_free_slot = CASE WHEN next_free_slot IS NULL THEN next_free_slot_of(doctor_id)
                                   ELSE NEW.starts_at END
       WHERE doctor_id = NEW.doctor_id AND (next_free_slot IS NULL OR next_free_slot > NEW.starts_at);
      RETURN NULL;
    END IF;
    -- freed after it started: no longer anybody's next free slot, nothing moves
    RETURN NULL;
  END IF;
  UPDATE doctors d SET next_free_slot = next_free_slot_of(d.doctor_id)
   WHERE d.doctor_id IN (OLD.doctor_id, NEW.doctor_id)
     AND d.next_free_slot IS DISTINCT FROM next_free_slot_of(d.doctor_id);
  RETURN NULL;
END $$;

CREATE TRIGGER doctor_slots_next_free_upd AFTER UPDATE ON doctor_slots FOR EACH ROW
  WHEN (OLD.is_booked IS DISTINCT FROM NEW.is_booked
        OR OLD.starts_at IS DISTINCT FROM NEW.starts_at
        OR OLD.doctor_id IS DISTINCT FROM NEW.doctor_id)
  EXECUTE FUNCTION doctor_slot_changed();
