import type { i18n } from 'i18next';
import { CITY_ONLY_ISPS, LOCAL_NODE_NAME, catalogueCityOf } from '../node-catalogue-names.js';

/**
 * The formats an `alertmsg` text names after a value (`{{isp, isp}}`, `{{startedAt, time}}`): the
 * message lines keep language-free values (ISP code, English province name, country code, epoch
 * ms), and each reader's i18next turns them into words. The server's renderer and the console's
 * alert log register these same formats on their instances, so a line reads the same on both.
 * ISPs, countries and regions come from `places:codes.*`, provinces and catalogue node names from
 * `places:*`, the words of durations and node places from `alertmsg:duration.*` and `alertmsg:where.*`.
 * Formats: isp, province, provinces, country, region, nodename, where, duration, time,
 * clock, date.
 */

/** Separates the items of a list value (`{{provinces, provinces}}`): never part of a place's name. */
export const LIST_SEPARATOR = '|';

const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;
const DAY_HOURS = 24;

/** i18next reads ':' and '.' in a key as separators, so such text is never looked up. */
const LOOKUP_SAFE = /^[^.:]+$/;

type Lookup = (key: string, lng: string, params?: Record<string, string | number>) => string;


function translated(lookup: Lookup, exists: (key: string) => boolean, key: string, raw: string, lng: string): string {
  return LOOKUP_SAFE.test(raw) && exists(key) ? lookup(key, lng) : raw;
}

interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
}

function durationParts(ms: number): DurationParts {
  const totalMinutes = Math.floor(Math.max(0, ms) / MINUTE_MS);
  const totalHours = Math.floor(totalMinutes / HOUR_MINUTES);
  return {
    days: Math.floor(totalHours / DAY_HOURS),
    hours: totalHours % DAY_HOURS,
    minutes: totalMinutes % HOUR_MINUTES,
  };
}

/** A duration in words: "less than a minute", "12 min", "1 h 5 min", "2 d 3 h". */
export function durationText(ms: number, lookup: (key: string, params: Record<string, number>) => string): string {
  const { days, hours, minutes } = durationParts(ms);
  if (days > 0) return lookup('alertmsg:duration.daysHours', { days, hours });
  if (hours > 0) return lookup('alertmsg:duration.hoursMinutes', { hours, minutes });
  if (minutes > 0) return lookup('alertmsg:duration.minutes', { minutes });
  return lookup('alertmsg:duration.underAMinute', {});
}

interface ZonedParts {
  date: string;
  clock: string;
  offset: string;
}

/** "GMT+08:00" → "UTC+8", "GMT+05:30" → "UTC+5:30", "GMT" or "GMT+00:00" → "UTC". */
function offsetLabel(longOffset: string): string {
  const match = /^GMT([+-])(\d\d):(\d\d)$/.exec(longOffset);
  if (!match) return 'UTC';
  const [, sign, hours, minutes] = match;
  if (hours === '00' && minutes === '00') return 'UTC';
  return `UTC${sign}${Number(hours)}${minutes === '00' ? '' : `:${minutes}`}`;
}

const FORMATS = new Map<string, Intl.DateTimeFormat>();

function zonedFormat(timeZone: string): Intl.DateTimeFormat {
  let format = FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'longOffset',
    });
    FORMATS.set(timeZone, format);
  }
  return format;
}

/** A moment in the zone, language-free: date "2026-11-26", clock "13:26", offset "UTC+8". */
export function zonedParts(epochMs: number, timeZone: string): ZonedParts {
  const parts = Object.fromEntries(zonedFormat(timeZone).formatToParts(new Date(epochMs)).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    clock: `${parts.hour}:${parts.minute}`,
    offset: offsetLabel(parts.timeZoneName ?? ''),
  };
}

/** Whether Intl knows the zone (an IANA name such as Asia/Shanghai). */
export function isTimeZone(timeZone: string): boolean {
  try {
    zonedFormat(timeZone);
    return true;
  } catch {
    return false;
  }
}

function listOf(value: unknown, one: (item: string) => string, lng: string): string {
  const items = String(value).split(LIST_SEPARATOR).filter((item) => item !== '').map(one);
  return new Intl.ListFormat(lng, { style: 'long', type: 'conjunction' }).format(items);
}

interface WhereParams {
  name?: unknown;
  isp?: unknown;
  province?: unknown;
  country?: unknown;
}

type Localize = (raw: string, lng: string) => string;

interface Places {
  lookup: Lookup;
  exists: (key: string) => boolean;
  isp: Localize;
  province: Localize;
  country: Localize;
}

/**
 * Where a node is, from its line's `isp` and sibling `province` (empty outside China), `country`
 * and `name`: "Telecom, Guangdong", "Japan", or the server's machine for the Local node.
 */
function whereText(isp: string, { name, province, country }: WhereParams, lng: string, places: Places): string {
  if (name === LOCAL_NODE_NAME) return places.lookup('alertmsg:where.local', lng);
  const inProvince = typeof province === 'string' && province !== '';
  if (!inProvince) return places.lookup('alertmsg:where.abroad', lng, { country: places.country(String(country ?? ''), lng) });
  const provinceText = places.province(province, lng);
  if (CITY_ONLY_ISPS.has(Number(isp))) return places.lookup('alertmsg:where.province', lng, { province: provinceText });
  return places.lookup('alertmsg:where.china', lng, { isp: places.isp(isp, lng), province: provinceText });
}

/**
 * A node's name in the language, from its line's `name` and sibling `isp`: a catalogue name ("Beijing
 * Telecom") as the console names it ("北京 電信"), the Local node as "Local" in the language, any
 * other name as it is.
 */
function nodeNameText(name: string, { isp }: WhereParams, lng: string, places: Places): string {
  if (name === LOCAL_NODE_NAME) return places.lookup('places:local', lng);
  const ispCode = Number(isp);
  const city = catalogueCityOf(name, ispCode);
  const cityKey = `places:city.${city ?? ''}`;
  if (city === null || !LOOKUP_SAFE.test(city) || !places.exists(cityKey)) return name;
  const cityText = places.lookup(cityKey, lng);
  if (CITY_ONLY_ISPS.has(ispCode)) return cityText;
  return places.lookup('places:nodeName', lng, { city: cityText, isp: places.isp(String(isp), lng) });
}

/** A region: a China region (NE…NW) from `places:codes.region`, others (`SEA`) from `alertmsg:region`. */
function regionText(region: string, lng: string, places: Places): string {
  const china = `places:codes.region.${region}`;
  if (LOOKUP_SAFE.test(region) && places.exists(china)) return places.lookup(china, lng);
  return translated(places.lookup, places.exists, `alertmsg:region.${region}`, region, lng);
}

/** Registers the formats on an i18next instance that has the `alertmsg`, `common` and `places` texts. */
export function registerAlertMessageFormats(instance: i18n, timeZone: string): void {
  const formatter = instance.services.formatter;
  if (!formatter) return;
  const exists = (key: string) => instance.exists(key);
  // The outer text escapes what a format returns, so the words put together here are not escaped twice.
  const lookup: Lookup = (key, lng, params = {}) => instance.t(key, { ...params, lng, interpolation: { escapeValue: false } });
  const province: Localize = (raw, lng) => translated(lookup, exists, `places:province.${raw}`, raw, lng);
  const country: Localize = (raw, lng) => translated(lookup, exists, `places:codes.country.${raw}`, raw, lng);
  const isp: Localize = (raw, lng) => translated(lookup, exists, `places:codes.isp.${raw}`, raw, lng);
  const places: Places = { lookup, exists, isp, province, country };
  formatter.add('isp', (value, lng) => isp(String(value), lng ?? ''));
  formatter.add('where', (value, lng, options: WhereParams) => whereText(String(value), options, lng ?? '', places));
  formatter.add('region', (value, lng) => regionText(String(value), lng ?? '', places));
  formatter.add('nodename', (value, lng, options: WhereParams) => nodeNameText(String(value), options, lng ?? '', places));
  formatter.add('province', (value, lng) => province(String(value), lng ?? ''));
  formatter.add('country', (value, lng) => country(String(value), lng ?? ''));
  formatter.add('provinces', (value, lng) => listOf(value, (item) => province(item, lng ?? ''), lng ?? 'en'));
  formatter.add('duration', (value, lng) => durationText(Number(value), (key, params) => lookup(key, lng ?? '', params)));
  formatter.add('time', (value) => {
    const { date, clock, offset } = zonedParts(Number(value), timeZone);
    return `${date} ${clock} (${offset})`;
  });
  formatter.add('clock', (value) => zonedParts(Number(value), timeZone).clock);
  formatter.add('date', (value) => zonedParts(Number(value), timeZone).date);
}
