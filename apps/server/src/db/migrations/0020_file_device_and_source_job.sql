ALTER TABLE "files" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "source_job_id" bigint;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_source_job_id_device_jobs_id_fk" FOREIGN KEY ("source_job_id") REFERENCES "public"."device_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_source_job_unique" ON "files" USING btree ("source_job_id");