import { ISP_CODES } from './codes.js';

/**
 * How the server's node catalogue names its nodes (in English: "Beijing Telecom", "Tokyo"), so a
 * reader can name them in its language (the console's node-names.ts, alert messages' `nodename`
 * format). A node whose name is no longer the catalogue's keeps the name the operator gave it.
 */

/** The node of the agent `npm start` runs beside the server: seeded with name and city "Local". */
export const LOCAL_NODE_NAME = 'Local';

/** The words the catalogue puts after a China city in a node's English name ("Beijing Telecom"). */
export const CATALOGUE_ISP_WORDS: Readonly<Record<number, string>> = {
  [ISP_CODES.TELECOM]: 'Telecom',
  [ISP_CODES.UNICOM]: 'Unicom',
  [ISP_CODES.MOBILE]: 'Mobile',
  [ISP_CODES.TENCENT]: 'Tencent',
};

/** Nodes of these ISPs (none, World, Southeast Asia) are named by their city alone. */
export const CITY_ONLY_ISPS: ReadonlySet<number> = new Set([ISP_CODES.NONE, ISP_CODES.WORLD, ISP_CODES.SOUTHEAST_ASIA]);

/** The name the catalogue gives a node of this city and ISP: "Beijing Telecom", or "Tokyo"; null for an ISP it does not name. */
export function catalogueNodeName(city: string, isp: number): string | null {
  if (CITY_ONLY_ISPS.has(isp)) return city;
  const word = CATALOGUE_ISP_WORDS[isp];
  return word === undefined ? null : `${city} ${word}`;
}

/** The city a catalogue name says, or null when the name is not of the catalogue's form for the ISP. */
export function catalogueCityOf(name: string, isp: number): string | null {
  if (CITY_ONLY_ISPS.has(isp)) return name;
  const word = CATALOGUE_ISP_WORDS[isp];
  const suffix = ` ${word ?? ''}`;
  return word !== undefined && name.endsWith(suffix) && name.length > suffix.length ? name.slice(0, -suffix.length) : null;
}
