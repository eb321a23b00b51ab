-- A hospital's address in English beside the Vietnamese one (address), so an English page does
-- not show "Phường Ba Đình, Hà Nội" next to English text. Empty means "same as address" (a
-- hospital that joined through the form gave one address).
ALTER TABLE hospitals ADD COLUMN address_en text NOT NULL DEFAULT '';
