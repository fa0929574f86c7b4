CREATE TABLE "price_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid,
	"card_key" text NOT NULL,
	"platform" text NOT NULL,
	"grade" double precision NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"source" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_update_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"trigger" text NOT NULL,
	"model" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"cursor" text,
	"total_cards" integer DEFAULT 0 NOT NULL,
	"stats" jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"claim_id" uuid,
	"lease_expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gradings" ADD COLUMN "priced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_run_id_price_update_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."price_update_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_history_run_unit_idx" ON "price_history" USING btree ("run_id","card_key","platform","grade");--> statement-breakpoint
CREATE INDEX "price_history_card_idx" ON "price_history" USING btree ("card_key","platform","grade","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "price_update_runs_one_running_idx" ON "price_update_runs" USING btree ("status") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "price_update_runs_started_idx" ON "price_update_runs" USING btree ("started_at");