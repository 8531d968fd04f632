import { randomInt, randomUUID } from 'node:crypto';
import { ID_MAX } from '@netfleet/contracts';
import type { Probe } from './matrix';

/** Path params that name the row a route acts on: ids, and the names or addresses used as ids. */
const NAMING_PARAM = /^:(id|\w+_id|name|email)$/;
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** Where in the path the route (`PUT /api/tags/:id`) names its row: the first naming param, or -1. */
export const namingSegment = (route: string): number =>
  (route.split(' ')[1] ?? '').split('/').findIndex((segment) => NAMING_PARAM.test(segment));

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)] ?? '';

/**
 * A value of the same kind as `value` that names no row: a large id within ID_MAX (ids are
 * issued from 1), a random uuid, or else the same shape (letters, digits and punctuation kept
 * in place) so the route's format checks pass as they did.
 */
const unusedLike = (value: string): string => {
  if (/^\d+$/.test(value)) return String(ID_MAX - randomInt(1_000_000));
  if (UUID.test(value)) return randomUUID();
  return [...value]
    .map((char) => {
      if (/\d/.test(char)) return pick('0123456789');
      if (/[a-z]/.test(char)) return pick('abcdefghijklmnopqrstuvwxyz');
      if (/[A-Z]/.test(char)) return pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
      return char;
    })
    .join('');
};

export interface MissingProbe {
  probe: Probe;
  /** The target's id as the path gave it, and the unused one put in its place. */
  id: string;
  unused: string;
}

/** The same request with the row the path names swapped for one that never existed. */
export const missingProbe = (route: string, probe: Probe): MissingProbe => {
  const index = namingSegment(route);
  if (index < 0) throw new Error(`${route} names no row by path`);
  const [path = '', query] = probe.url.split('?');
  const segments = path.split('/');
  const id = decodeURIComponent(segments[index] ?? '');
  const unused = unusedLike(id);
  segments[index] = encodeURIComponent(unused);
  const url = [segments.join('/'), ...(query === undefined ? [] : [query])].join('?');
  return { probe: { ...probe, url }, id, unused };
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `body` with every whole mention of the ids (as sent or URL-encoded) replaced by `<id>`. */
export const maskIds = (body: string, ids: readonly string[]): string =>
  ids
    .flatMap((id) => [id, encodeURIComponent(id)])
    .reduce(
      (text, id) => text.replace(new RegExp(`(?<![\\w-])${escape(id)}(?![\\w-])`, 'g'), '<id>'),
      body,
    );
