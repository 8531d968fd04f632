DROP INDEX "devices_model_idx";--> statement-breakpoint
DROP INDEX "devices_name_idx";--> statement-breakpoint
CREATE INDEX "devices_model_id_idx" ON "devices" USING btree ("model","id");--> statement-breakpoint
CREATE INDEX "devices_signal_id_idx" ON "devices" USING btree ("signal","id");--> statement-breakpoint
CREATE INDEX "devices_name_id_idx" ON "devices" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "devices_last_connection_at_id_idx" ON "devices" USING btree ("last_connection_at","id");