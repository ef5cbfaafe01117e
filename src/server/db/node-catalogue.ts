import { COUNTRIES, ISP_CODES, MAP_TYPES, type ChinaRegion, type Country, type IspCode, type MapType } from '../../shared/codes.js';
import { ConfigError } from '../config.js';
import type { Db } from './connection.js';

/**
 * The node catalogue seeded at the first start. Coordinates are the cities' own. DNS servers are
 * well-known public resolvers fitting the country and ISP; operators set each node's real resolver.
 */
export interface CatalogueNode {
  slug: string;
  name: string;
  city: string;
  province: string | null;
  region: ChinaRegion | null;
  country: Country;
  isp: IspCode;
  mapType: MapType;
  dnsServer: string;
  latitude: number;
  longitude: number;
}

export const LOCAL_NODE_SLUG = 'local';
export const DEFAULT_LOCAL_NODE_COUNTRY: Country = 'TW';

type ChinaCity = [city: string, province: string, region: ChinaRegion, latitude: number, longitude: number];
type AbroadCity = [city: string, country: Country, latitude: number, longitude: number];

const CHINA_CITIES: ChinaCity[] = [
  ['Harbin', 'Heilongjiang', 'NE', 45.8038, 126.5349],
  ['Changchun', 'Jilin', 'NE', 43.8171, 125.3235],
  ['Shenyang', 'Liaoning', 'NE', 41.8057, 123.4315],
  ['Dalian', 'Liaoning', 'NE', 38.914, 121.6147],
  ['Beijing', 'Beijing', 'NC', 39.9042, 116.4074],
  ['Tianjin', 'Tianjin', 'NC', 39.3434, 117.3616],
  ['Shijiazhuang', 'Hebei', 'NC', 38.0428, 114.5149],
  ['Taiyuan', 'Shanxi', 'NC', 37.8706, 112.5489],
  ['Hohhot', 'Inner Mongolia', 'NC', 40.8426, 111.7492],
  ['Shanghai', 'Shanghai', 'EC', 31.2304, 121.4737],
  ['Nanjing', 'Jiangsu', 'EC', 32.0603, 118.7969],
  ['Hangzhou', 'Zhejiang', 'EC', 30.2741, 120.1551],
  ['Hefei', 'Anhui', 'EC', 31.8206, 117.2272],
  ['Fuzhou', 'Fujian', 'EC', 26.0745, 119.2965],
  ['Xiamen', 'Fujian', 'EC', 24.4798, 118.0894],
  ['Nanchang', 'Jiangxi', 'EC', 28.682, 115.8579],
  ['Jinan', 'Shandong', 'EC', 36.6512, 117.1201],
  ['Qingdao', 'Shandong', 'EC', 36.0671, 120.3826],
  ['Zhengzhou', 'Henan', 'CC', 34.7466, 113.6254],
  ['Wuhan', 'Hubei', 'CC', 30.5928, 114.3055],
  ['Changsha', 'Hunan', 'CC', 28.2282, 112.9388],
  ['Guangzhou', 'Guangdong', 'SC', 23.1291, 113.2644],
  ['Shenzhen', 'Guangdong', 'SC', 22.5431, 114.0579],
  ['Nanning', 'Guangxi', 'SC', 22.817, 108.3665],
  ['Haikou', 'Hainan', 'SC', 20.044, 110.1999],
  ['Chengdu', 'Sichuan', 'SW', 30.5728, 104.0668],
  ['Chongqing', 'Chongqing', 'SW', 29.563, 106.5516],
  ['Kunming', 'Yunnan', 'SW', 24.8801, 102.8329],
  ['Guiyang', 'Guizhou', 'SW', 26.647, 106.6302],
  ['Lhasa', 'Tibet', 'SW', 29.652, 91.1721],
  ["Xi'an", 'Shaanxi', 'NW', 34.3416, 108.9398],
  ['Lanzhou', 'Gansu', 'NW', 36.0611, 103.8343],
  ['Xining', 'Qinghai', 'NW', 36.6171, 101.7782],
  ['Yinchuan', 'Ningxia', 'NW', 38.4872, 106.2309],
  ['Urumqi', 'Xinjiang', 'NW', 43.8256, 87.6168],
];

const SOUTHEAST_ASIA_CITIES: AbroadCity[] = [
  ['Singapore', 'SG', 1.3521, 103.8198],
  ['Kuala Lumpur', 'MY', 3.139, 101.6869],
  ['Bangkok', 'TH', 13.7563, 100.5018],
  ['Hanoi', 'VN', 21.0278, 105.8342],
  ['Ho Chi Minh City', 'VN', 10.8231, 106.6297],
  ['Jakarta', 'ID', -6.2088, 106.8456],
  ['Manila', 'PH', 14.5995, 120.9842],
  ['Phnom Penh', 'KH', 11.5564, 104.9282],
  ['Yangon', 'MM', 16.8409, 96.1735],
  ['Vientiane', 'LA', 17.9757, 102.6331],
  ['Bandar Seri Begawan', 'BN', 4.9031, 114.9398],
];

const WORLD_CITIES: AbroadCity[] = [
  ['Taipei', 'TW', 25.033, 121.5654],
  ['Taichung', 'TW', 24.1477, 120.6736],
  ['Kaohsiung', 'TW', 22.6273, 120.3014],
  ['Hong Kong', 'HK', 22.3193, 114.1694],
  ['Macau', 'MO', 22.1987, 113.5439],
  ['Tokyo', 'JP', 35.6762, 139.6503],
  ['Osaka', 'JP', 34.6937, 135.5023],
  ['Seoul', 'KR', 37.5665, 126.978],
  ['Sao Paulo', 'BR', -23.5558, -46.6396],
  ['Frankfurt', 'DE', 50.1109, 8.6821],
  ['London', 'GB', 51.5072, -0.1276],
  ['Los Angeles', 'US', 34.0522, -118.2437],
  ['New York', 'US', 40.7128, -74.006],
  ['Amsterdam', 'NL', 52.3676, 4.9041],
  ['Sydney', 'AU', -33.8688, 151.2093],
  ['Istanbul', 'TR', 41.0082, 28.9784],
  ['Lima', 'PE', -12.0464, -77.0428],
];

const CHINA_ISPS = [
  { isp: ISP_CODES.TELECOM, label: 'Telecom', dnsServer: '114.114.114.114' },
  { isp: ISP_CODES.UNICOM, label: 'Unicom', dnsServer: '223.5.5.5' },
  { isp: ISP_CODES.MOBILE, label: 'Mobile', dnsServer: '119.29.29.29' },
] as const;

/** Public resolvers used as placeholders until the operator sets a node's own. */
export function defaultDnsServer(country: string, isp: number): string {
  if (country === 'CN') return CHINA_ISPS.find((entry) => entry.isp === isp)?.dnsServer ?? '114.114.114.114';
  return country === 'TW' || country === 'HK' || country === 'MO' ? '1.1.1.1' : '8.8.8.8';
}

const slugOf = (...parts: string[]) => parts.join('-').toLowerCase().replace(/[^a-z0-9]+/g, '-');

function chinaNodes(): CatalogueNode[] {
  return CHINA_CITIES.flatMap(([city, province, region, latitude, longitude]) =>
    CHINA_ISPS.map(({ isp, label, dnsServer }) => ({
      slug: slugOf('cn', city, label),
      name: `${city} ${label}`,
      city,
      province,
      region,
      country: 'CN' as const,
      isp,
      mapType: MAP_TYPES.CHINA,
      dnsServer,
      latitude,
      longitude,
    })),
  );
}

function abroadNodes(cities: AbroadCity[], isp: IspCode, mapType: MapType): CatalogueNode[] {
  return cities.map(([city, country, latitude, longitude]) => ({
    slug: slugOf(country, city),
    name: city,
    city,
    province: null,
    region: null,
    country,
    isp,
    mapType,
    dnsServer: defaultDnsServer(country, isp),
    latitude,
    longitude,
  }));
}

/** Where a node of a country sits when nothing better is known: its capital or first catalogue city. */
export function countryCoordinates(country: string): { latitude: number; longitude: number } {
  if (country === 'CN') return { latitude: 39.9042, longitude: 116.4074 };
  const city = [...WORLD_CITIES, ...SOUTHEAST_ASIA_CITIES].find(([, code]) => code === country);
  return city ? { latitude: city[2], longitude: city[3] } : { latitude: 0, longitude: 0 };
}

/**
 * The node of the agent `npm start` runs beside the server. It has no DNS server of its own (''), so
 * its agent's self-check skips the node DNS step: a public resolver would fail on an offline machine
 * and mark the node "warning".
 */
export function localNode(country: Country): CatalogueNode {
  return {
    slug: LOCAL_NODE_SLUG,
    name: 'Local',
    city: 'Local',
    province: null,
    region: null,
    country,
    isp: ISP_CODES.NONE,
    mapType: MAP_TYPES.WORLD,
    dnsServer: '',
    ...countryCoordinates(country),
  };
}

/** VIGIL_LOCAL_NODE_COUNTRY: the Local node's country (ISO code), TW unless set. */
export function localNodeCountry(env: Record<string, string | undefined> = process.env): Country {
  const raw = env.VIGIL_LOCAL_NODE_COUNTRY?.trim().toUpperCase();
  if (raw === undefined || raw === '') return DEFAULT_LOCAL_NODE_COUNTRY;
  const country = COUNTRIES.find((code) => code === raw);
  if (!country) throw new ConfigError(`VIGIL_LOCAL_NODE_COUNTRY must be one of ${COUNTRIES.join(', ')}, got "${raw}"`);
  return country;
}

export function nodeCatalogue(localCountry: Country): CatalogueNode[] {
  return [
    ...chinaNodes(),
    ...abroadNodes(SOUTHEAST_ASIA_CITIES, ISP_CODES.SOUTHEAST_ASIA, MAP_TYPES.SOUTHEAST_ASIA),
    ...abroadNodes(WORLD_CITIES, ISP_CODES.WORLD, MAP_TYPES.WORLD),
    localNode(localCountry),
  ];
}

/** First start only (no node at all): writes the catalogue; answers how many nodes it wrote. */
export async function seedNodeCatalogueIfEmpty(db: Db, now: number, localCountry: Country = localNodeCountry()): Promise<number> {
  const existing = await db.selectFrom('nodes').select('id').limit(1).executeTakeFirst();
  if (existing) return 0;
  const rows = nodeCatalogue(localCountry).map((node) => ({
    slug: node.slug,
    name: node.name,
    city: node.city,
    province: node.province,
    region: node.region,
    country: node.country,
    isp: node.isp,
    map_type: node.mapType,
    dns_server: node.dnsServer,
    latitude: node.latitude,
    longitude: node.longitude,
    created_at: now,
  }));
  await db.insertInto('nodes').values(rows).execute();
  return rows.length;
}
