CREATE TABLE "prayer_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"prayer_id" uuid,
	"request_id" uuid,
	"day" date NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'card' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prayer_events_one_target" CHECK (("prayer_events"."prayer_id" is null) <> ("prayer_events"."request_id" is null))
);
--> statement-breakpoint
CREATE TABLE "prayer_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prayer_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prayer_request_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prayers" ADD COLUMN "rhythm_kind" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "prayers" ADD COLUMN "rhythm_days" smallint[];--> statement-breakpoint
ALTER TABLE "prayers" ADD COLUMN "rhythm_day_of_month" smallint;--> statement-breakpoint
ALTER TABLE "prayers" ADD COLUMN "rhythm_until" date;--> statement-breakpoint
ALTER TABLE "prayers" ADD COLUMN "snooze_until" date;--> statement-breakpoint
ALTER TABLE "prayers" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "prayer_request_responses" ADD COLUMN "cadence" text DEFAULT 'once' NOT NULL;--> statement-breakpoint
ALTER TABLE "prayer_request_responses" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "prayer_request_responses" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prayer_requests" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "prayer_requests" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prayer_requests" ADD COLUMN "testimony" text;--> statement-breakpoint
ALTER TABLE "prayer_events" ADD CONSTRAINT "prayer_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_events" ADD CONSTRAINT "prayer_events_prayer_id_prayers_id_fk" FOREIGN KEY ("prayer_id") REFERENCES "public"."prayers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_events" ADD CONSTRAINT "prayer_events_request_id_prayer_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."prayer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_notes" ADD CONSTRAINT "prayer_notes_prayer_id_prayers_id_fk" FOREIGN KEY ("prayer_id") REFERENCES "public"."prayers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_notes" ADD CONSTRAINT "prayer_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_request_updates" ADD CONSTRAINT "prayer_request_updates_request_id_prayer_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."prayer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prayer_events_user_day_idx" ON "prayer_events" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "prayer_events_prayer_idx" ON "prayer_events" USING btree ("prayer_id","occurred_at") WHERE "prayer_events"."prayer_id" is not null;--> statement-breakpoint
CREATE INDEX "prayer_events_request_idx" ON "prayer_events" USING btree ("request_id","occurred_at") WHERE "prayer_events"."request_id" is not null;--> statement-breakpoint
CREATE INDEX "prayer_notes_prayer_idx" ON "prayer_notes" USING btree ("prayer_id","created_at");--> statement-breakpoint
CREATE INDEX "prayer_request_updates_request_idx" ON "prayer_request_updates" USING btree ("request_id","created_at");