CREATE TABLE "device_wireless" (
	"device_id" integer NOT NULL,
	"category" smallint NOT NULL,
	"idx" smallint NOT NULL,
	"ssid" varchar(64) NOT NULL,
	"band" varchar(8),
	"channel" smallint,
	"enabled" boolean,
	"clients" integer NOT NULL,
	"rx" bigint,
	"tx" bigint,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "device_wireless_device_id_category_idx_pk" PRIMARY KEY("device_id","category","idx")
);
--> statement-breakpoint
ALTER TABLE "device_wireless" ADD CONSTRAINT "device_wireless_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_wireless_category_ssid_idx" ON "device_wireless" USING btree ("category","ssid");