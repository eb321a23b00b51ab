-- Global reference data, the same for every tenant (no tenant_id, read-only for the app role).
CREATE TABLE languages (
  language_id integer PRIMARY KEY,
  short_name text NOT NULL UNIQUE,
  name text NOT NULL,
  name_vi text NOT NULL,
  is_active boolean NOT NULL DEFAULT true
);

CREATE TABLE countries (
  country_id integer PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name_vi text NOT NULL,
  name_en text NOT NULL,
  phone_code text NOT NULL
);

CREATE TABLE states (
  state_id integer PRIMARY KEY,
  country_id integer NOT NULL REFERENCES countries,
  name_vi text NOT NULL,
  name_en text NOT NULL
);

CREATE TABLE cities (
  city_id integer PRIMARY KEY,
  state_id integer NOT NULL REFERENCES states,
  name_vi text NOT NULL,
  name_en text NOT NULL
);

CREATE TABLE relations (
  relation_id integer PRIMARY KEY,
  name_vi text NOT NULL,
  name_en text NOT NULL
);

CREATE TABLE service_types (
  service_type_id integer PRIMARY KEY,
  feature text NOT NULL,
  name_vi text NOT NULL,
  name_en text NOT NULL
);

REVOKE INSERT, UPDATE, DELETE ON languages, countries, states, cities, relations, service_types FROM songkhoe_app;
