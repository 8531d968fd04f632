-- device_search (0013) mirrors the identifiers the device list's `q` searches; these triggers keep
-- it in step with devices. Inserts are mirrored per statement (a bulk import is one INSERT), and
-- updates per row, only when an identifier changed: the gateway's status and reading rewrites
-- never touch it.
CREATE FUNCTION device_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO device_search (device_id, name, serial, mac_hex, imei)
  SELECT n.id, n.name, n.serial, replace(n.mac, ':', ''), n.imei FROM inserted n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION device_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE device_search
  SET name = NEW.name, serial = NEW.serial, mac_hex = replace(NEW.mac, ':', ''), imei = NEW.imei
  WHERE device_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER devices_search_insert AFTER INSERT ON devices
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION device_search_insert();--> statement-breakpoint
CREATE TRIGGER devices_search_update AFTER UPDATE OF name, serial, mac, imei ON devices
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.serial IS DISTINCT FROM NEW.serial
    OR OLD.mac IS DISTINCT FROM NEW.mac OR OLD.imei IS DISTINCT FROM NEW.imei)
  EXECUTE FUNCTION device_search_update();--> statement-breakpoint
INSERT INTO device_search (device_id, name, serial, mac_hex, imei)
SELECT id, name, serial, replace(mac, ':', ''), imei FROM devices;
