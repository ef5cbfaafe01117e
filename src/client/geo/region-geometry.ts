import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';

/** The three maps of spec §3 (map type 1 China, 2 Southeast Asia, 3 world), one geometry file each. */
export const GEOMETRY_NAMES = ['china', 'sea', 'world'] as const;
export type GeometryName = (typeof GEOMETRY_NAMES)[number];

/** The eleven countries of the Southeast Asia map (ASEAN members and Timor-Leste). */
export const SOUTHEAST_ASIA_COUNTRIES = ['BN', 'KH', 'ID', 'LA', 'MY', 'MM', 'PH', 'SG', 'TH', 'TL', 'VN'] as const;

/**
 * What every region of a geometry file carries. `key` is what node data is matched by: on the China
 * map the province as the node catalogue spells it ("Inner Mongolia"), or the ISO 3166-1 alpha-2 code
 * for Hong Kong and Macau; on the other maps the country's alpha-2 code ("TW"). `key` is empty for
 * the few Natural Earth areas without a code (Siachen Glacier, Indian Ocean Ter.).
 */
export interface RegionProperties {
  key: string;
  /** English name: the catalogue's spelling for provinces, Natural Earth's for countries. */
  name: string;
  /** The source's Chinese name (China map only). */
  nameZh?: string;
  /** ISO alpha-2 of the country the region belongs to ("CN" for a province); empty when unknown. */
  country: string;
}

export type RegionGeometry = Polygon | MultiPolygon;
export type RegionFeature = Feature<RegionGeometry, RegionProperties>;
export type RegionCollection = FeatureCollection<RegionGeometry, RegionProperties>;
export type Ring = Position[];
