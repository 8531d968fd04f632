CREATE TABLE "device_search" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"serial" text NOT NULL,
	"mac_hex" text,
	"imei" text
);
--> statement-breakpoint
DROP INDEX "devices_name_trgm_idx";--> statement-breakpoint
DROP INDEX "devices_serial_trgm_idx";--> statement-breakpoint
DROP INDEX "devices_mac_hex_trgm_idx";--> statement-breakpoint
DROP INDEX "devices_imei_trgm_idx";--> statement-breakpoint
ALTER TABLE "device_search" ADD CONSTRAINT "device_search_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_search_name_trgm_idx" ON "device_search" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "device_search_serial_trgm_idx" ON "device_search" USING gin ("serial" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "device_search_mac_hex_trgm_idx" ON "device_search" USING gin ("mac_hex" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "device_search_imei_trgm_idx" ON "device_search" USING gin ("imei" gin_trgm_ops) WITH (fastupdate=false);