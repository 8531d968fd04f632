ALTER TABLE "report_templates" ADD COLUMN "run_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_templates" ADD COLUMN "run_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_templates" ADD COLUMN "run_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_templates" ADD COLUMN "run_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "report_templates_run_lease_idx" ON "report_templates" USING btree ("run_lease_until") WHERE "report_templates"."run_lease_until" is not null;