ALTER TABLE "binders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "binder_cards_user_card_idx" ON "binder_cards" USING btree ("user_card_id");--> statement-breakpoint
CREATE INDEX "binder_cards_submission_idx" ON "binder_cards" USING btree ("submission_id");