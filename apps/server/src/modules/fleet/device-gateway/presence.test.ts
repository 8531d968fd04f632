import { describe, expect, it } from 'vitest';
import { createPresence } from './presence';

/** Device 1 is online here; the database marks 1, 2 and 3 online; every query is recorded. */
const world = (shared: boolean) => {
  const queries: number[][] = [];
  const presence = createPresence({
    here: (deviceId) => deviceId === 1,
    shared,
    repository: {
      onlineAmong: async (ids) => {
        queries.push([...ids]);
        return ids.filter((id) => id <= 3);
      },
    },
  });
  return { presence, queries };
};

describe('presence', () => {
  it('answers a device online here without asking the database', async () => {
    const { presence, queries } = world(true);
    expect(await presence.isOnline(1)).toBe(true);
    expect(queries).toEqual([]);
  });

  it('behind an external broker, asks the database about a device unknown here', async () => {
    const { presence, queries } = world(true);
    expect(await presence.isOnline(2)).toBe(true);
    expect(await presence.isOnline(4)).toBe(false);
    expect(queries).toEqual([[2], [4]]);
  });

  it('with the embedded broker, goes by this instance alone', async () => {
    const { presence, queries } = world(false);
    expect(await presence.isOnline(2)).toBe(false);
    expect([...(await presence.onlineAmong([1, 2, 3]))]).toEqual([1]);
    expect(queries).toEqual([]);
  });

  it('answers a list with one query for the devices unknown here, each asked once', async () => {
    const { presence, queries } = world(true);
    const online = await presence.onlineAmong([1, 2, 4, 2, 3, 1]);
    expect([...online].sort()).toEqual([1, 2, 3]);
    expect(queries).toEqual([[2, 4, 3]]);
  });

  it('asks nothing when every device of a list is online here', async () => {
    const { presence, queries } = world(true);
    expect([...(await presence.onlineAmong([1, 1]))]).toEqual([1]);
    expect(queries).toEqual([]);
  });
});
