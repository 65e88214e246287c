CREATE TABLE "tracked_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracked_links_event_slug_unique" UNIQUE("event_id","slug"),
	CONSTRAINT "tracked_links_slug_check" CHECK ("tracked_links"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length("tracked_links"."slug") <= 60)
);
--> statement-breakpoint
ALTER TABLE "model_registrations" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD CONSTRAINT "tracked_links_event_id_scouting_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."scouting_events"("id") ON DELETE cascade ON UPDATE no action;