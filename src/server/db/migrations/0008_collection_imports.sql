CREATE TABLE "collection_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"rows" jsonb NOT NULL,
	"counts" jsonb NOT NULL,
	"has_binders" boolean DEFAULT false NOT NULL,
	"has_grades" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"imported_count" integer
);
--> statement-breakpoint
ALTER TABLE "collection_imports" ADD CONSTRAINT "collection_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_imports_user_idx" ON "collection_imports" USING btree ("user_id","created_at");