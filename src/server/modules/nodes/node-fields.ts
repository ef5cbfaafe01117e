import type { NodeCreateBody } from '../../../shared/calls/platform-ops-users.js';
import { ISP_CODES, MAP_TYPES, type Country, type MapType } from '../../../shared/codes.js';
import { countryCoordinates, defaultDnsServer } from '../../db/node-catalogue.js';

const SOUTHEAST_ASIA: readonly string[] = ['SG', 'MY', 'TH', 'VN', 'ID', 'PH', 'KH', 'MM', 'LA', 'BN'];

/** What an operator gives for a new node (the platform call /platform/node/create); anything left out is derived from the country. */
export type NewNodeFields = Omit<NodeCreateBody, 'allowPrivateTargets'>;

function defaultMapType(country: Country): MapType {
  if (country === 'CN') return MAP_TYPES.CHINA;
  return SOUTHEAST_ASIA.includes(country) ? MAP_TYPES.SOUTHEAST_ASIA : MAP_TYPES.WORLD;
}

function defaultIsp(country: Country): number {
  if (country === 'CN') return ISP_CODES.NONE;
  return SOUTHEAST_ASIA.includes(country) ? ISP_CODES.SOUTHEAST_ASIA : ISP_CODES.WORLD;
}

/** The stored columns of a new node, with defaults filled in from its country. */
export function newNodeColumns(fields: NewNodeFields) {
  const isp = fields.isp ?? defaultIsp(fields.country);
  const place = countryCoordinates(fields.country);
  return {
    name: fields.name ?? fields.city,
    city: fields.city,
    province: fields.province ?? null,
    // Regions are China's; elsewhere the column stays empty.
    region: fields.country === 'CN' ? (fields.region ?? null) : null,
    country: fields.country,
    isp,
    map_type: fields.mapType ?? defaultMapType(fields.country),
    dns_server: fields.dnsServer ?? defaultDnsServer(fields.country, isp),
    latitude: fields.latitude ?? place.latitude,
    longitude: fields.longitude ?? place.longitude,
  };
}
