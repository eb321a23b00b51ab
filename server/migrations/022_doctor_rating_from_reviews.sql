-- A doctor's rating and rating_count are those of the reviews that exist (doctor_feedbacks): the
-- card, the detail page and the review list show the same numbers ("★ 4.3/5 (8 reviews)" above
-- eight reviews). Statement-level triggers keep them in step with every insert, update and delete,
-- so a bulk seed pays one update per statement, not one per review.

CREATE FUNCTION refresh_doctor_ratings(doctor_ids integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE doctors d
     SET rating = coalesce(s.average, 0), rating_count = coalesce(s.n, 0)
    FROM (SELECT id AS doctor_id,
                 (SELECT round(avg(f.rating), 1) FROM doctor_feedbacks f WHERE f.doctor_id = id) AS average,
                 (SELECT count(*)::int FROM doctor_feedbacks f WHERE f.doctor_id = id) AS n
            FROM unnest(doctor_ids) AS id) s
   WHERE d.doctor_id = s.doctor_id
     AND (d.rating, d.rating_count) IS DISTINCT FROM (coalesce(s.average, 0), coalesce(s.n, 0));
$$;

CREATE FUNCTION doctor_feedbacks_rate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_doctor_ratings(ARRAY(SELECT DISTINCT doctor_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_doctor_ratings(ARRAY(SELECT DISTINCT doctor_id FROM old_rows));
  ELSE
    PERFORM refresh_doctor_ratings(
      ARRAY(SELECT doctor_id FROM new_rows UNION SELECT doctor_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER doctor_feedbacks_rate_insert AFTER INSERT ON doctor_feedbacks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_feedbacks_rate();
CREATE TRIGGER doctor_feedbacks_rate_update AFTER UPDATE ON doctor_feedbacks
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_feedbacks_rate();
CREATE TRIGGER doctor_feedbacks_rate_delete AFTER DELETE ON doctor_feedbacks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_feedbacks_rate();

-- Databases seeded before: the stored numbers (up to 480 "reviews" over 8 listed) become the real ones.
SELECT refresh_doctor_ratings(ARRAY(SELECT doctor_id FROM doctors));
