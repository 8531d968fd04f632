// A realistic fleet inserted with one generate_series statement: most devices online, a handful
// of models, operators and connection types, spread over the root company and 20 children.
import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';

/** `total` devices in the root company and 20 child companies, enrolled, with readings. */
export const insertFleet = async (db: Database, total: number) => {
  await db.execute(sql`
    insert into companies (name, parent_id, level, path)
    select 'Bench company ' || g, 1, 2, 'pending' from generate_series(1, 20) g`);
  await db.execute(sql`update companies set path = '/1/' || id || '/' where path = 'pending'`);
  await db.execute(sql`
    insert into devices (company_id, name, serial, mac, device_series, model, firmware, status,
      credential_hash, signal, operator, connection_type, wan_state, network_state,
      last_connection_at, information_updated_at, uptime, temperature)
    select
      (select id from companies order by id offset (g % 21) limit 1),
      (array['RUT955','RUTX11','RUT240','TRB140','RUT360'])[1 + g % 5] || '-' || g,
      lpad(g::text, 10, '0'),
      '00:1E:42:' || lpad(to_hex((g >> 16) & 255), 2, '0') || ':' || lpad(to_hex((g >> 8) & 255), 2, '0') || ':' || lpad(to_hex(g & 255), 2, '0'),
      'rut',
      (array['RUT955','RUTX11','RUT240','TRB140','RUT360'])[1 + g % 5],
      'RUT9_R_00.07.' || lpad((g % 14)::text, 2, '0'),
      case when g % 10 < 8 then 1 else 0 end,
      md5(g::text),
      -50 - (g * 7919 % 70),
      (array['Telia','Bite','Tele2','Vodafone','Orange','T-Mobile'])[1 + g % 6],
      (array['LTE','5G-NSA','3G'])[1 + g % 3],
      (array['mobile','wired','wifi'])[1 + g % 3],
      'registered',
      now() - (g % 86400) * interval '1 second',
      now() - (g % 3600) * interval '1 second',
      g % 1000000,
      300 + g % 200
    from generate_series(1, ${total}) g`);
  // device_search (filled by its insert trigger) holds what `q` searches: its statistics decide
  // the search's plan and whether the list counts or estimates its total.
  await db.execute(sql`analyze devices, device_search`);
};
