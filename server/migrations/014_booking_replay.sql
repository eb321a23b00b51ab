-- Booking: a replayed MakeAppointment (same Idempotency-Key and body) answers the same
-- appointment, including the payment page it was sent to the first time.
ALTER TABLE idempotency_keys ADD COLUMN payment_url text;
