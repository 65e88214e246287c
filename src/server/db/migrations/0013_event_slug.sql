-- The column comes without NOT NULL here: existing events get their slug below, then it is set.
ALTER TABLE "scouting_events" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "scouting_events" ADD CONSTRAINT "scouting_events_slug_unique" UNIQUE("slug");--> statement-breakpoint
ALTER TABLE "scouting_events" ADD CONSTRAINT "scouting_events_slug_check" CHECK ("scouting_events"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length("scouting_events"."slug") <= 60);--> statement-breakpoint
-- hand-written:
-- Every existing event gets its short address (`/e/<slug>`) as a new one would (src/common/slugs.ts:
-- slugify, then slugCandidate): its name with accents folded, other characters one hyphen, cut after
-- a whole word within 60 characters, "evento" when nothing is left; a slug already taken gets -2, -3… The oldest event
-- keeps the plain one. Folded by translate(), not unaccent (an extension) nor normalize(): both
-- capitals and small letters listed, as lower() leaves non-ASCII letters alone under the C locale.
DO $$
DECLARE
  event record;
  base text;
  candidate text;
  n int;
BEGIN
  FOR event IN SELECT "id", "event_name" FROM "scouting_events" ORDER BY "created_at", "id" LOOP
    base := lower(translate(event."event_name",
      'ÁÀÂÄÃÅĀĂĄáàâäãåāăąÉÈÊËĒĖĘĚéèêëēėęěÍÌÎÏĪĮíìîïīįÓÒÔÖÕŌŐóòôöõōőÚÙÛÜŪŮŰŲúùûüūůűųÝŸýÿÑŃŇñńňÇĆČçćčŚŠśšŹŻŽźżžĞğØøŁłĐđ',
      'aaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeiiiiiiiiiiiioooooooooooooouuuuuuuuuuuuuuuuyyyynnnnnnccccccsssszzzzzzggoolldd'));
    base := replace(replace(replace(replace(base, 'ß', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe');
    base := btrim(regexp_replace(replace(base, 'Œ', 'oe'), '[^a-z0-9]+', '-', 'g'), '-');
    -- Cut after a whole word (inside the first word only when it alone is longer).
    IF length(base) > 60 THEN
      IF position('-' IN left(base, 61)) > 0 THEN
        base := regexp_replace(left(base, 61), '-[^-]*$', '');
      ELSE
        base := left(base, 60);
      END IF;
    END IF;
    IF base = '' THEN
      base := 'evento';
    END IF;
    n := 1;
    candidate := base;
    WHILE EXISTS (SELECT 1 FROM "scouting_events" WHERE "slug" = candidate) LOOP
      n := n + 1;
      candidate := rtrim(left(base, 60 - length(n::text) - 1), '-') || '-' || n;
    END LOOP;
    UPDATE "scouting_events" SET "slug" = candidate WHERE "id" = event."id";
  END LOOP;
END;
$$;--> statement-breakpoint
ALTER TABLE "scouting_events" ALTER COLUMN "slug" SET NOT NULL;
