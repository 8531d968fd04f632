ALTER TABLE "password_batches" ADD COLUMN "run_id" integer;--> statement-breakpoint
ALTER TABLE "password_batches" ADD COLUMN "step_index" integer;--> statement-breakpoint
ALTER TABLE "password_batches" ADD CONSTRAINT "password_batches_run_id_task_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."task_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_batches_run_step_unique" ON "password_batches" USING btree ("run_id","step_index") WHERE "password_batches"."deleted_at" is null;