ALTER TABLE "gradings" ADD COLUMN "claim_id" uuid;--> statement-breakpoint
ALTER TABLE "gradings" ADD COLUMN "lease_expires_at" timestamp with time zone;