/** Simplified Chinese, as written in Singapore. To be reviewed by a native speaker before live use (docs/integrators.md). */
import type { Mode } from '../api/types.js';
import type { Words } from './en.js';
import { intlDates } from './intl-dates.js';

const MODE: Record<Mode, { value: string; kind: string; price: string }> = {
  sale: { value: '售价', kind: '买卖', price: '价格' },
  rent: { value: '月租', kind: '租赁', price: '月租' },
};

/** The locale its dates are written in. */
const locale = 'zh-SG';

const zh: Words = {
  lang: 'zh',
  attribution: 'Service Valuations 提供估价',
  disclaimer: '估价根据近期成交自动得出，并非正式估价或评估；买卖、租赁或借贷时请勿以此为依据。',
  newTab: '（在新标签页中打开）',
  brand: 'Service Valuations',
  title: '这套房子值多少？',

  searchLabel: '按地址、邮区编号或公寓名称搜索',
  searchPlaceholder: '例如 123 Ang Mo Kio Ave 3、560123、Parc Esta',
  suggestionsLabel: '建议',
  kind: { address: '地址', postal_code: '邮区编号', condo: '公寓' },
  noMatches: (query) =>
    `没有与“${query}”相符的结果。请输入座号和街道（例如 123 Ang Mo Kio Ave 3）、6 位数邮区编号或公寓名称。`,
  announceSuggestions: (count) => `${count} 条建议。请用上下箭头键选择。`,

  modeLegend: '估价',
  modeValue: (mode) => MODE[mode].value,
  estimateHeading: (mode) => `估计${MODE[mode].value}`,
  announceEstimate: (mode, value, count) => `估计${MODE[mode].value} ${value}，依据 ${count} 笔成交。`,
  perMonth: ' / 月',
  range: (low, high) => `可能介于 ${low} 至 ${high}`,
  per: (unit) => `每${unit}`,
  confidence: '可信度',
  confidenceLevel: { high: '高', medium: '中', low: '低' },
  confidenceHint: {
    high: '附近近期成交多且价格一致',
    medium: '成交价格有一定差异',
    low: '成交少或较分散',
  },
  asOf: '成交截至',
  basedOn: '依据',
  transactionCount: (count) => `${count} 笔成交`,
  showSquareMetres: '以平方米显示',
  homeType: '房型',
  yourHome: '您房屋的楼层与面积',
  storey: '楼层',
  floorArea: (unit) => `面积（${unit}）`,
  updateEstimate: '更新估价',
  fullValuation: '查看完整估价',
  loading: '正在计算估价…',
  propertyType: { hdb: '组屋', condo: '公寓', landed: '有地住宅' },
  unitTypes: {
    '1-room': '1房式',
    '2-room': '2房式',
    '3-room': '3房式',
    '4-room': '4房式',
    '5-room': '5房式',
    Executive: '公寓式',
    'Multi-generation': '三代同堂式',
    '1-bedroom': '1卧室',
    '2-bedroom': '2卧室',
    '3-bedroom': '3卧室',
    '4-bedroom': '4卧室',
    '5-bedroom': '5卧室',
    Studio: '单间',
    Terrace: '排屋',
    'Semi-detached': '半独立式洋房',
    Detached: '独立式洋房',
  },
  postal: (postalCode) => `新加坡 ${postalCode}`,
  unit: { sqft: '平方英尺', sqm: '平方米' },
  perUnit: { sqft: '每平方英尺', sqm: '每平方米' },
  ...intlDates(locale),

  tableCaption: (count, mode) => `本估价所用的 ${count} 笔近期${MODE[mode].kind}成交`,
  column: {
    date: '日期',
    address: '地址',
    type: '类型',
    area: (unit) => `面积（${unit}）`,
    price: (mode) => MODE[mode].price,
    distance: '距离',
  },
  sortBy: '排序方式',
  sortChoice: (choice, mode) =>
    ({
      date: '最新优先',
      price: mode === 'rent' ? '租金最高优先' : '价格最高优先',
      perArea: '单价最高优先',
      area: '面积最大优先',
      distance: '距离最近优先',
      address: '按地址排序',
    })[choice],
  showAll: (count) => `显示全部 ${count} 笔`,
  away: (distance) => `相距 ${distance}`,
  distanceUnknown: '距离不详',
  widerWithin: (mode, distance, months) => `依据 ${distance} 范围内过去 ${months} 个月的${MODE[mode].kind}记录`,
  widerArea: (mode, months) => `依据该区域过去 ${months} 个月的${MODE[mode].kind}记录`,
  chartKeyComparables: (mode, perUnit) => `可比${MODE[mode].kind}成交，${perUnit}`,
  chartKeyEstimate: '估价及可能范围',
  chartSummary: (count, mode, from, to, min, max, per, estimate) =>
    `${from}至${to}的 ${count} 笔可比${MODE[mode].kind}成交，${per} ${min} 至 ${max}。估价为${per} ${estimate}。`,

  tryAgain: '重试',
  notSetUp: '此估价工具尚未设置好，请告知网站管理员。',
  unreachable: '无法连接估价服务，请重试。',
  offline: '您似乎已离线。请检查网络连接后重试。',
  ourSide: '我们这边出了问题，请重试。',
};
export default zh;
