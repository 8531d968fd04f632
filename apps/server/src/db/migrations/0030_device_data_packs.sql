CREATE TABLE "device_data_packs" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"credit_type_id" smallint NOT NULL,
	"activated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"bytes_total" bigint NOT NULL,
	"set_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_data_packs" ADD CONSTRAINT "device_data_packs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_data_packs" ADD CONSTRAINT "device_data_packs_set_by_user_id_users_id_fk" FOREIGN KEY ("set_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;