ALTER TABLE "binder_cards" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "binders" ADD COLUMN "cover_user_card_id" uuid;--> statement-breakpoint
ALTER TABLE "user_cards" ADD COLUMN "edition" text;--> statement-breakpoint
ALTER TABLE "user_cards" ADD COLUMN "finish" text;--> statement-breakpoint
ALTER TABLE "user_cards" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "binders" ADD CONSTRAINT "binders_cover_user_card_id_user_cards_id_fk" FOREIGN KEY ("cover_user_card_id") REFERENCES "public"."user_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_cards" ADD CONSTRAINT "user_cards_quantity_positive" CHECK ("user_cards"."quantity" >= 1);--> statement-breakpoint
ALTER TABLE "user_cards" ADD CONSTRAINT "user_cards_edition_known" CHECK ("user_cards"."edition" in ('first_edition', 'shadowless', 'unlimited'));--> statement-breakpoint
ALTER TABLE "user_cards" ADD CONSTRAINT "user_cards_finish_known" CHECK ("user_cards"."finish" in ('normal', 'holofoil', 'reverse_holofoil'));