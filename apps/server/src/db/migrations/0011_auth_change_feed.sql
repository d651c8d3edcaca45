-- The change feed (db/change-feed.ts): a write to a table that decides who a caller is and what
-- they may do sends the table's name on the channel `ac_changes` when its transaction commits, so
-- every server instance drops what it cached from that table before the next request. Triggers see
-- every write, whichever code path or SQL session makes it; NOTIFY is sent only on commit and
-- folds repeats within one transaction into one.
CREATE OR REPLACE FUNCTION ac_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ac_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Sessions: ending one (sign-out, forced logout, password change, disabled user, expiry clean-up)
-- or moving it; the once-a-minute last_seen_at write and new sign-ins are not changes to a cached
-- caller.
CREATE TRIGGER sessions_change_feed AFTER DELETE OR UPDATE OF token_hash, user_id, customer_id, expires_at OR TRUNCATE
  ON sessions FOR EACH STATEMENT EXECUTE FUNCTION ac_notify_change();
--> statement-breakpoint
-- A new user has no session yet, so only changes and deletions of users count.
CREATE TRIGGER users_change_feed AFTER UPDATE OR DELETE OR TRUNCATE
  ON users FOR EACH STATEMENT EXECUTE FUNCTION ac_notify_change();
--> statement-breakpoint
CREATE TRIGGER user_roles_change_feed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION ac_notify_change();
--> statement-breakpoint
CREATE TRIGGER roles_change_feed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON roles FOR EACH STATEMENT EXECUTE FUNCTION ac_notify_change();
--> statement-breakpoint
CREATE TRIGGER role_menus_change_feed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON role_menus FOR EACH STATEMENT EXECUTE FUNCTION ac_notify_change();
--> statement-breakpoint
CREATE TRIGGER role_customers_change_feed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON role_customers FOR EACH STATEMENT EXECUTE FUNCTION ac_notify_change();
--> statement-breakpoint
CREATE TRIGGER menus_change_feed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON menus FOR EACH STATEMENT EXECUTE FUNCTION ac_notify_change();
--> statement-breakpoint
-- A new customer widens "own customer and below" of the roles above it.
CREATE TRIGGER customers_change_feed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON customers FOR EACH STATEMENT EXECUTE FUNCTION ac_notify_change();
