DROP INDEX "payments_tx_ref_key";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "duplicate_of_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_error" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_duplicate_of_id_payments_id_fk" FOREIGN KEY ("duplicate_of_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_duplicate_of_idx" ON "payments" USING btree ("duplicate_of_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_tx_ref_key" ON "payments" USING btree ("tx_ref") WHERE "payments"."duplicate_of_id" is null;