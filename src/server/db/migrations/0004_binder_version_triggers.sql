-- A binder's version is its document's ETag (GET /api/binders/{id}): it must change in the same
-- transaction as every write that changes what the document shows. Triggers do it in the database,
-- so every writer (routes, the grading worker, price updates, scripts, manual SQL) is covered without
-- remembering to. Hand-written (drizzle-kit generate --custom): keep it after the schema migrations.

-- Adds one to the versions of the given binders; locks them in id order first, so two transactions
-- bumping the same binders cannot deadlock.
CREATE OR REPLACE FUNCTION bump_binder_versions(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM binders WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE binders SET version = version + 1 WHERE id = ANY (ids);
END $$;
--> statement-breakpoint
-- The binder's own row: any change other than the version itself (name, description, sharing).
CREATE OR REPLACE FUNCTION binders_bump_own_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version = OLD.version THEN NEW.version := OLD.version + 1; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER binders_version BEFORE UPDATE ON binders
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION binders_bump_own_version();
--> statement-breakpoint
-- Entries added, moved to a new grading, or removed (removing a card or a grading cascades here).
CREATE OR REPLACE FUNCTION binder_cards_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM bump_binder_versions(ARRAY[NEW.binder_id]);
  ELSIF TG_OP = 'DELETE' THEN PERFORM bump_binder_versions(ARRAY[OLD.binder_id]);
  ELSE PERFORM bump_binder_versions(ARRAY[OLD.binder_id, NEW.binder_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER binder_cards_version AFTER INSERT OR UPDATE OR DELETE ON binder_cards
  FOR EACH ROW EXECUTE FUNCTION binder_cards_bump_version();
--> statement-breakpoint
-- A card an entry shows (name, set, number, rarity, front photo, notes, price): any change to its
-- row, so a field added to the document later is covered too.
CREATE OR REPLACE FUNCTION user_cards_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_binder_versions(ARRAY(SELECT binder_id FROM binder_cards WHERE user_card_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER user_cards_version AFTER UPDATE ON user_cards
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION user_cards_bump_version();
--> statement-breakpoint
-- A grading an entry shows (grades, values, platform). A grading in progress is shown by no entry,
-- so its progress writes find no binder (one index lookup).
CREATE OR REPLACE FUNCTION gradings_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_binder_versions(ARRAY(SELECT binder_id FROM binder_cards WHERE submission_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER gradings_version AFTER UPDATE ON gradings
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION gradings_bump_version();
--> statement-breakpoint
-- The owner's username is the only column of users the document shows; credits, sign-ins and the
-- like change often and must not invalidate every binder of the user.
CREATE OR REPLACE FUNCTION users_bump_binder_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_binder_versions(ARRAY(SELECT id FROM binders WHERE user_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER users_binder_version AFTER UPDATE OF username ON users
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION users_bump_binder_versions();
