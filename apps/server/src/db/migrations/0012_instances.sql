CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
-- Several console instances (docs/operations.md): an app is served by the instance holding its
-- advisory lock (modules/app/runtime). When an operator stops an app, or deletes one, on another
-- instance, the change feed tells the serving instance at once instead of at its next look.
CREATE TRIGGER apps_change_feed AFTER UPDATE OF desired_running OR DELETE OR TRUNCATE
  ON apps FOR EACH STATEMENT EXECUTE FUNCTION ac_notify_change();
--> statement-breakpoint
-- A job saved, switched on or off, or deleted on one instance wakes every instance's scheduler
-- (jobs/scheduler.ts), which sleeps until the next fire time it knows of. The scheduler's own
-- claims write only last_fire_at and wake nobody.
CREATE TRIGGER jobs_change_feed AFTER INSERT OR UPDATE OF cron, enabled OR DELETE OR TRUNCATE
  ON jobs FOR EACH STATEMENT EXECUTE FUNCTION ac_notify_change();
