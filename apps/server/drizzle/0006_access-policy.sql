ALTER TABLE "user_avatars" ADD COLUMN "key" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_members" ADD COLUMN "via_share" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_avatars" ADD CONSTRAINT "user_avatars_key_key" UNIQUE("key");--> statement-breakpoint
-- custom: photos are addressed by their new key, not by the user's id
UPDATE "users" SET "profile_picture" = '/api/avatars/' || a."key"
  FROM "user_avatars" a
  WHERE a."user_id" = "users"."id" AND "users"."profile_picture" LIKE '/api/avatars/%';--> statement-breakpoint
-- custom: members of private journals were all added by the owner's share
UPDATE "journal_members" SET "via_share" = true
  FROM "journals" j
  WHERE j."id" = "journal_members"."journal_id" AND j."is_private" AND "journal_members"."role" = 'member';
