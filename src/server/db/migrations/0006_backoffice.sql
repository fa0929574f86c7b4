-- The back-office searches users with "contains": trigram indexes need pg_trgm (loaded into PGlite by db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "admin_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"target_user_id" uuid,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_prices" (
	"card_id" text NOT NULL,
	"source" text NOT NULL,
	"variant" text NOT NULL,
	"currency" text NOT NULL,
	"low" double precision,
	"mid" double precision,
	"high" double precision,
	"market" double precision,
	"updated_at" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_prices_card_id_source_variant_pk" PRIMARY KEY("card_id","source","variant")
);
--> statement-breakpoint
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
CREATE TABLE "sync_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sync_log_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"message" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "sync_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"total_records" integer DEFAULT 0 NOT NULL,
	"processed_records" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"claim_id" uuid,
	"lease_expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sync_schedule" (
	"id" text PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "gradings" ADD COLUMN "priced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_prices" ADD CONSTRAINT "card_prices_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_run_id_price_update_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."price_update_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_events" ADD CONSTRAINT "sync_events_sync_log_id_sync_logs_id_fk" FOREIGN KEY ("sync_log_id") REFERENCES "public"."sync_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_target_idx" ON "admin_audit" USING btree ("target_user_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_created_idx" ON "admin_audit" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "price_history_run_unit_idx" ON "price_history" USING btree ("run_id","card_key","platform","grade");--> statement-breakpoint
CREATE INDEX "price_history_card_idx" ON "price_history" USING btree ("card_key","platform","grade","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "price_update_runs_one_running_idx" ON "price_update_runs" USING btree ("status") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "price_update_runs_started_idx" ON "price_update_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "sync_events_log_idx" ON "sync_events" USING btree ("sync_log_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sync_logs_one_running_idx" ON "sync_logs" USING btree ((true)) WHERE "sync_logs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "sync_logs_started_idx" ON "sync_logs" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gradings_created_idx" ON "gradings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "gradings_status_created_idx" ON "gradings" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin (lower("username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");