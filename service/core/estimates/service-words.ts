/**
 * The service's own words, in each language the widget host answers in (`lang`): an estimate's
 * attribution text and disclaimer, and an error's sentence for the visitor (`visitorMessage`).
 * Figures, dates, addresses and names are the same in every language. The translations are to be
 * reviewed by native speakers before live use.
 */
import type { Estimate, HostErrorCode, Language, Mode } from '../../../src/api/types.js';
import type { Refusal } from './refusals.js';

/** What the visitor reads on the panel when the host refuses a request. */
export const VISITOR_MESSAGES: Record<Language, Record<HostErrorCode, string>> = {
  en: {
    invalid_key: 'This valuation widget is not set up yet. Please let the website owner know.',
    origin_not_allowed: 'The valuation widget is not available on this website.',
    quota_exceeded: "This website has used all of today's free estimates. Please try again after {time}.",
    invalid_request: 'That search could not be used. Please try different words.',
    rate_limited: 'Too many searches. Please wait a moment and try again.',
    not_found: 'We could not find that property any more. Please search again.',
    no_comparables:
      'There are too few recent transactions near this property to estimate its value. Try a nearby address.',
    internal_error: 'Something went wrong on our side. Please try again.',
  },
  zh: {
    invalid_key: '此估价工具尚未设置好，请告知网站管理员。',
    origin_not_allowed: '此网站无法使用估价工具。',
    quota_exceeded: '此网站今天的免费估价次数已用完，请在{time}后再试。',
    invalid_request: '无法使用此搜索内容，请换个说法。',
    rate_limited: '搜索次数过多，请稍候再试。',
    not_found: '找不到该房产，请重新搜索。',
    no_comparables: '此房产附近的近期成交太少，无法估价。请尝试附近的地址。',
    internal_error: '我们这边出了问题，请重试。',
  },
  ms: {
    invalid_key: 'Widget penilaian ini belum disediakan. Sila maklumkan kepada pemilik laman web.',
    origin_not_allowed: 'Widget penilaian tidak tersedia di laman web ini.',
    quota_exceeded: 'Laman web ini telah menggunakan semua anggaran percuma hari ini. Sila cuba lagi selepas {time}.',
    invalid_request: 'Carian itu tidak dapat digunakan. Sila cuba perkataan lain.',
    rate_limited: 'Terlalu banyak carian. Sila tunggu sebentar dan cuba lagi.',
    not_found: 'Kami tidak dapat menemui hartanah itu lagi. Sila cari semula.',
    no_comparables:
      'Terlalu sedikit urus niaga terkini berhampiran hartanah ini untuk menganggarkan nilainya. Cuba alamat berdekatan.',
    internal_error: 'Berlaku masalah di pihak kami. Sila cuba lagi.',
  },
  ta: {
    invalid_key: 'இந்த மதிப்பீட்டுக் கருவி இன்னும் அமைக்கப்படவில்லை. இணையதள உரிமையாளரிடம் தெரிவியுங்கள்.',
    origin_not_allowed: 'இந்த இணையதளத்தில் மதிப்பீட்டுக் கருவி கிடைக்காது.',
    quota_exceeded: 'இந்த இணையதளம் இன்றைய இலவச மதிப்பீடுகள் அனைத்தையும் பயன்படுத்திவிட்டது. மீண்டும் முயலக்கூடிய நேரம்: {time}.',
    invalid_request: 'அந்தத் தேடலைப் பயன்படுத்த முடியவில்லை. வேறு சொற்களை முயலுங்கள்.',
    rate_limited: 'அதிகமான தேடல்கள். சிறிது நேரம் காத்திருந்து மீண்டும் முயலுங்கள்.',
    not_found: 'அந்தச் சொத்தை இனி காண முடியவில்லை. மீண்டும் தேடுங்கள்.',
    no_comparables:
      'இந்தச் சொத்தின் அருகே சமீபத்திய பரிவர்த்தனைகள் மிகக் குறைவு; மதிப்பிட முடியவில்லை. அருகிலுள்ள முகவரியை முயலுங்கள்.',
    internal_error: 'எங்கள் பக்கம் ஏதோ தவறு நடந்தது. மீண்டும் முயலுங்கள்.',
  },
};

/**
 * An error's sentence for the visitor. A quota's reset is written in Singapore time, named (SGT), as the
 * language writes a date and time there (the widget host serves Singapore's sites).
 */
export function visitorMessage(language: Language, code: HostErrorCode, resetAt?: string): string {
  const time = resetAt
    ? new Intl.DateTimeFormat(`${language}-SG`, {
        day: 'numeric',
        month: 'short',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'Asia/Singapore',
        timeZoneName: 'short', // "8:00 am SGT": a visitor abroad reads the time zone it is in
      }).format(new Date(resetAt))
    : '';
  return VISITOR_MESSAGES[language][code].replace('{time}', time);
}

type Refused = Exclude<Refusal, 'too_few_nearby'>;

/** What the visitor reads when a home cannot be valued for a reason other than too few neighbours. */
const REFUSALS: Record<Language, Record<Refused, Record<Mode, string>>> = {
  en: {
    no_data_for_mode: {
      sale: 'This service has no sale transactions yet, so it cannot estimate prices.',
      rent: 'This service has no rental transactions yet, so it cannot estimate rents. Try the sale estimate.',
    },
    none_of_kind_in_area: {
      sale: 'No home of this kind has sold recently in its area, so its price cannot be estimated. Try a nearby address.',
      rent: 'No home of this kind has been rented recently in its area, so its rent cannot be estimated. Try the sale estimate.',
    },
  },
  zh: {
    no_data_for_mode: {
      sale: '本服务尚无成交记录，暂时无法估算售价。',
      rent: '本服务尚无租赁记录，暂时无法估算租金。请查看售价估算。',
    },
    none_of_kind_in_area: {
      sale: '该地区近期没有同类房屋成交，无法估算售价。请尝试附近的地址。',
      rent: '该地区近期没有同类房屋出租，无法估算租金。请查看售价估算。',
    },
  },
  ms: {
    no_data_for_mode: {
      sale: 'Perkhidmatan ini belum mempunyai urus niaga jualan, jadi harga tidak dapat dianggarkan.',
      rent: 'Perkhidmatan ini belum mempunyai urus niaga sewa, jadi sewa tidak dapat dianggarkan. Cuba anggaran jualan.',
    },
    none_of_kind_in_area: {
      sale: 'Tiada rumah jenis ini dijual baru-baru ini di kawasannya, jadi harganya tidak dapat dianggarkan. Cuba alamat berdekatan.',
      rent: 'Tiada rumah jenis ini disewa baru-baru ini di kawasannya, jadi sewanya tidak dapat dianggarkan. Cuba anggaran jualan.',
    },
  },
  ta: {
    no_data_for_mode: {
      sale: 'இந்தச் சேவையில் இன்னும் விற்பனைப் பரிவர்த்தனைகள் இல்லை; விலையை மதிப்பிட முடியாது.',
      rent: 'இந்தச் சேவையில் இன்னும் வாடகைப் பரிவர்த்தனைகள் இல்லை; வாடகையை மதிப்பிட முடியாது. விற்பனை மதிப்பீட்டை முயலுங்கள்.',
    },
    none_of_kind_in_area: {
      sale: 'இந்தப் பகுதியில் இவ்வகை வீடு சமீபத்தில் விற்கப்படவில்லை; விலையை மதிப்பிட முடியாது. அருகிலுள்ள முகவரியை முயலுங்கள்.',
      rent: 'இந்தப் பகுதியில் இவ்வகை வீடு சமீபத்தில் வாடகைக்கு விடப்படவில்லை; வாடகையை மதிப்பிட முடியாது. விற்பனை மதிப்பீட்டை முயலுங்கள்.',
    },
  },
};

/** Why a home could not be valued, for the visitor, in their language. */
export const refusalForVisitor = (language: Language, refusal: Refusal, mode: Mode): string =>
  refusal === 'too_few_nearby' ? VISITOR_MESSAGES[language].no_comparables : REFUSALS[language][refusal][mode];

/** What the visitor reads beside a storey or floor area the home cannot have: {min} and {max} filled in. */
const HOME_PROBLEMS: Record<Language, Record<'storey' | 'floorAreaSqm', string>> = {
  en: {
    storey: 'The highest storey sold in this block is {max}. Enter a storey from 1 to {max}.',
    floorAreaSqm: 'Enter a floor area from {min} to {max} m² for this kind of home.',
  },
  zh: {
    storey: '此座组屋成交记录中最高的楼层是 {max} 层。请输入 1 至 {max} 之间的楼层。',
    floorAreaSqm: '此类房屋的面积请输入 {min} 至 {max} 平方米之间。',
  },
  ms: {
    storey: 'Tingkat tertinggi yang dijual di blok ini ialah {max}. Masukkan tingkat dari 1 hingga {max}.',
    floorAreaSqm: 'Masukkan keluasan lantai dari {min} hingga {max} m² untuk jenis rumah ini.',
  },
  ta: {
    storey: 'இந்தக் கட்டடத்தில் விற்கப்பட்ட மிக உயர்ந்த தளம் {max}. 1 முதல் {max} வரையிலான தளத்தை உள்ளிடுங்கள்.',
    floorAreaSqm: 'இவ்வகை வீட்டுக்கு {min} முதல் {max} ச.மீ. வரையிலான தரைப் பரப்பை உள்ளிடுங்கள்.',
  },
};

export const homeProblemForVisitor = (
  language: Language,
  parameter: 'storey' | 'floorAreaSqm',
  bounds: { min: number; max: number },
): string =>
  HOME_PROBLEMS[language][parameter].replaceAll('{min}', String(bounds.min)).replaceAll('{max}', String(bounds.max));

interface ServiceWords {
  attribution: string;
  disclaimer: string;
}

/** The service's words on an estimate from the sandbox's generated world. */
export const SERVICE_WORDS: Record<Language, ServiceWords> = {
  en: {
    attribution: 'Estimate by Service Valuations (sandbox data)',
    disclaimer:
      'This is an automated estimate from recent transactions, not a valuation or appraisal. ' +
      'Do not rely on it to buy, sell, rent or borrow. Sandbox figures are fictional.',
  },
  zh: {
    attribution: 'Service Valuations 提供的估价（沙盒数据）',
    disclaimer:
      '这是根据近期成交自动得出的估价，并非正式估价或评估。买卖、租赁或借贷时请勿以此为依据。沙盒数据均为虚构。',
  },
  ms: {
    attribution: 'Anggaran oleh Service Valuations (data kotak pasir)',
    disclaimer:
      'Ini ialah anggaran automatik daripada urus niaga terkini, bukan penilaian atau taksiran. ' +
      'Jangan bergantung padanya untuk membeli, menjual, menyewa atau meminjam. Angka kotak pasir adalah rekaan.',
  },
  ta: {
    attribution: 'Service Valuations வழங்கும் மதிப்பீடு (சோதனைத் தரவு)',
    disclaimer:
      'இது சமீபத்திய பரிவர்த்தனைகளிலிருந்து தானாகக் கணக்கிடப்பட்ட மதிப்பீடு; அதிகாரப்பூர்வ மதிப்பீடோ மதிப்பாய்வோ அல்ல. ' +
      'வாங்க, விற்க, வாடகைக்கு எடுக்க அல்லது கடன் பெற இதை நம்ப வேண்டாம். சோதனைத் தரவு கற்பனையானது.',
  },
};

/** The same words on an estimate from the official datasets: neither "sandbox data" nor "fictional". */
const OFFICIAL_WORDS: Record<Language, ServiceWords> = {
  en: {
    attribution: 'Estimate by Service Valuations',
    disclaimer:
      'This is an automated estimate from recent transactions, not a valuation or appraisal. ' +
      'Do not rely on it to buy, sell, rent or borrow.',
  },
  zh: {
    attribution: 'Service Valuations 提供的估价',
    disclaimer: '这是根据近期成交自动得出的估价，并非正式估价或评估。买卖、租赁或借贷时请勿以此为依据。',
  },
  ms: {
    attribution: 'Anggaran oleh Service Valuations',
    disclaimer:
      'Ini ialah anggaran automatik daripada urus niaga terkini, bukan penilaian atau taksiran. ' +
      'Jangan bergantung padanya untuk membeli, menjual, menyewa atau meminjam.',
  },
  ta: {
    attribution: 'Service Valuations வழங்கும் மதிப்பீடு',
    disclaimer:
      'இது சமீபத்திய பரிவர்த்தனைகளிலிருந்து தானாகக் கணக்கிடப்பட்ட மதிப்பீடு; அதிகாரப்பூர்வ மதிப்பீடோ மதிப்பாய்வோ அல்ல. ' +
      'வாங்க, விற்க, வாடகைக்கு எடுக்க அல்லது கடன் பெற இதை நம்ப வேண்டாம்.',
  },
};

/** The service's words on an estimate: those of the official data when it names the datasets it rests on. */
export const serviceWords = (language: Language, estimate: Pick<Estimate, 'attribution'>): ServiceWords =>
  (estimate.attribution.sources?.length ? OFFICIAL_WORDS : SERVICE_WORDS)[language];

/** The same estimate with the service's words in `language`. */
export function inLanguage(estimate: Estimate, language: Language): Estimate {
  const { attribution, disclaimer } = serviceWords(language, estimate);
  return { ...estimate, attribution: { ...estimate.attribution, text: attribution }, disclaimer };
}
