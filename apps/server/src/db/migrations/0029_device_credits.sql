CREATE TABLE "device_credits" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"credit_enabled" boolean DEFAULT false NOT NULL,
	"credit_type_id" smallint,
	"auto_extend" boolean DEFAULT true NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_credits" ADD CONSTRAINT "device_credits_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_credits_due_idx" ON "device_credits" USING btree ("expires_at") WHERE "device_credits"."activated_at" is not null;