CREATE TABLE "automation_pending" (
	"automation_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "automation_pending_automation_id_device_id_pk" PRIMARY KEY("automation_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "automation_pending" ADD CONSTRAINT "automation_pending_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_pending" ADD CONSTRAINT "automation_pending_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_pending_device_idx" ON "automation_pending" USING btree ("device_id");