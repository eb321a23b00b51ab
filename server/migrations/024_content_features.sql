-- A tenant's content matches its features: a banner, promotion or testimonial names the feature
-- it talks about (NULL: none in particular). The home lists leave out those whose feature is
-- off, and start-up refuses them (server/tenancy/content-check.ts).
ALTER TABLE banners ADD COLUMN feature text;
ALTER TABLE promotionals ADD COLUMN feature text;
ALTER TABLE testimonials ADD COLUMN feature text;

-- A promotion that advertises a promo code takes its text, rule and detail link from that code,
-- so the home card and the offer page cannot disagree.
ALTER TABLE promotionals ADD COLUMN promo_code_id integer REFERENCES promo_codes ON DELETE SET NULL;

-- The rest of an offer's rule: the lowest price it applies to, and the visit kinds (service
-- types) it is for (NULL: every kind).
ALTER TABLE promo_codes ADD COLUMN min_amount integer NOT NULL DEFAULT 0 CHECK (min_amount >= 0);
ALTER TABLE promo_codes ADD COLUMN service_type_ids integer[];
