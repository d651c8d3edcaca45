-- Sign-in failures are counted per (username, source IP) pair, not per username alone.
-- Rows written before keep source '' and are cleaned by the auth.cleanLoginFailures job.
ALTER TABLE "login_failures" DROP CONSTRAINT "login_failures_pkey";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_pair_pk" PRIMARY KEY("username","source");
