ALTER TABLE "model_registrations" ADD COLUMN "funnel_reached" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each registration's furthest funnel stage, from its stage now and every stage it was moved to before.
UPDATE "model_registrations" r SET "funnel_reached" = greatest(
  case r."stage" when 'shortlisted' then 1 when 'callback' then 2 when 'signed' then 3 else 0 end,
  coalesce((select max(case c."to_stage" when 'shortlisted' then 1 when 'callback' then 2 when 'signed' then 3 else 0 end)
    from "registration_stage_changes" c where c."registration_id" = r."id"), 0))
WHERE r."stage" <> 'new' OR EXISTS (select 1 from "registration_stage_changes" c where c."registration_id" = r."id");
