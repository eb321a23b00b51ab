-- A doctor's next_free_slot (migration 008) is recomputed by a statement trigger on every change
-- of their slots, and the trigger wrote the doctor's row even when the value stayed the same: a
-- booking of any but the doctor's earliest free slot rewrote the wide doctors row and its two
-- indexes, and held the row's lock until commit, so concurrent bookings of one doctor's different
-- slots queued behind each other. Now a row is written only when its value changes; an UPDATE
-- whose condition is false for a row skips it without waiting for another booking's lock on it.
CREATE OR REPLACE FUNCTION doctor_slots_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE doctors d SET next_free_slot = n.next_free_slot
      FROM (SELECT doctor_id, next_free_slot_of(doctor_id) AS next_free_slot
              FROM (SELECT DISTINCT doctor_id FROM new_rows) x) n
     WHERE d.doctor_id = n.doctor_id AND d.next_free_slot IS DISTINCT FROM n.next_free_slot;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE doctors d SET next_free_slot = n.next_free_slot
      FROM (SELECT doctor_id, next_free_slot_of(doctor_id) AS next_free_slot
              FROM (SELECT DISTINCT doctor_id FROM old_rows) x) n
     WHERE d.doctor_id = n.doctor_id AND d.next_free_slot IS DISTINCT FROM n.next_free_slot;
  ELSE
    UPDATE doctors d SET next_free_slot = n.next_free_slot
      FROM (SELECT doctor_id, next_free_slot_of(doctor_id) AS next_free_slot
              FROM (SELECT doctor_id FROM new_rows UNION SELECT doctor_id FROM old_rows) x) n
     WHERE d.doctor_id = n.doctor_id AND d.next_free_slot IS DISTINCT FROM n.next_free_slot;
  END IF;
  RETURN NULL;
END $$;
