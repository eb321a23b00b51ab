-- Booking symptoms (spec section 5, "Must be selected: symptom"): besides the presets of
-- appointment_symptoms, a patient may describe a symptom in their own words ("Khác (mô tả)") or
-- say they are not sure ("Không rõ"). Both live on the appointment row, so they share its
-- tenant row-level security. "Not sure" is a flag, not a preset row per tenant: a preset would
-- show in symptom lists, search, doctor filters and the sitemap. The checks repeat the API's
-- rules (schemas/symptom-choice.ts) for any other writer: at most 200 characters, no control
-- characters (C0, DEL, C1), stored trimmed.

ALTER TABLE appointments
  ADD COLUMN other_symptom text NOT NULL DEFAULT ''
    CONSTRAINT appointments_other_symptom_check CHECK (
      char_length(other_symptom) <= 200
      AND other_symptom !~ '[\x01-\x1f\x7f-\x9f]'
      AND other_symptom = btrim(other_symptom)
    ),
  ADD COLUMN symptoms_unknown boolean NOT NULL DEFAULT false;
