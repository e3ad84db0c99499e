-- Two registrations of one body compare equal: letters and digits only, in capitals, without the
-- organization's own country prefix ("IT 012.345" and "012345" of an Italian body); null when fewer
-- than four remain (a placeholder says nothing). The one place of this rule: the column below keeps it.
CREATE FUNCTION reg_number_key(reg_number text, country text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (
    SELECT CASE WHEN length(k) >= 4 THEN k END
      FROM (SELECT CASE WHEN length(b) > 2 AND left(b, 2) = upper(country) THEN substr(b, 3) ELSE b END AS k
              FROM (SELECT regexp_replace(upper(reg_number), '[^A-Z0-9]', '', 'g') AS b) bare) keyed
  );--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "reg_number_key" text GENERATED ALWAYS AS (reg_number_key(reg_number, country)) STORED;--> statement-breakpoint
CREATE INDEX "organizations_reg_number_key" ON "organizations" USING btree ("reg_number_key");