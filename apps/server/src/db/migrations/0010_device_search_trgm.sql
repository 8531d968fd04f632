CREATE INDEX "devices_name_trgm_idx" ON "devices" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "devices_serial_trgm_idx" ON "devices" USING gin ("serial" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "devices_mac_hex_trgm_idx" ON "devices" USING gin ((replace("mac", ':', '')) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "devices_imei_trgm_idx" ON "devices" USING gin ("imei" gin_trgm_ops) WITH (fastupdate=false);