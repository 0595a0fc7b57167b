CREATE TABLE "journal_members" (
	"journal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_members_journal_id_user_id_pk" PRIMARY KEY("journal_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "journals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_private" boolean DEFAULT true NOT NULL,
	"category" text,
	"member_count" integer DEFAULT 1 NOT NULL,
	"prayer_count" integer DEFAULT 0 NOT NULL,
	"answered_count" integer DEFAULT 0 NOT NULL,
	"public_prayer_count" integer DEFAULT 0 NOT NULL,
	"public_answered_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prayer_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prayer_testimonies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prayer_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prayers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"journal_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_private" boolean DEFAULT true NOT NULL,
	"memory_verse" jsonb,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_members" ADD CONSTRAINT "journal_members_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_members" ADD CONSTRAINT "journal_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_activity" ADD CONSTRAINT "prayer_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_testimonies" ADD CONSTRAINT "prayer_testimonies_prayer_id_prayers_id_fk" FOREIGN KEY ("prayer_id") REFERENCES "public"."prayers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayers" ADD CONSTRAINT "prayers_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayers" ADD CONSTRAINT "prayers_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_members_user_idx" ON "journal_members" USING btree ("user_id","joined_at");--> statement-breakpoint
CREATE INDEX "journal_members_joined_idx" ON "journal_members" USING btree ("joined_at");--> statement-breakpoint
CREATE INDEX "journals_owner_idx" ON "journals" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "journals_public_new_idx" ON "journals" USING btree ("created_at","id") WHERE "journals"."is_private" = false;--> statement-breakpoint
CREATE INDEX "journals_public_popular_idx" ON "journals" USING btree ("member_count","id") WHERE "journals"."is_private" = false;--> statement-breakpoint
CREATE INDEX "prayer_activity_user_idx" ON "prayer_activity" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "prayer_testimonies_prayer_idx" ON "prayer_testimonies" USING btree ("prayer_id","created_at");--> statement-breakpoint
CREATE INDEX "prayers_journal_idx" ON "prayers" USING btree ("journal_id","created_at","id");--> statement-breakpoint
CREATE INDEX "prayers_author_idx" ON "prayers" USING btree ("author_id","created_at","id");--> statement-breakpoint
CREATE INDEX "prayers_author_answered_idx" ON "prayers" USING btree ("author_id","answered_at") WHERE "prayers"."status" = 'answered';--> statement-breakpoint
CREATE INDEX "prayers_public_recent_idx" ON "prayers" USING btree ("created_at") WHERE "prayers"."is_private" = false;