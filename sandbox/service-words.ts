/**
 * The service's own words in an estimate, in each language the widget host answers in (`lang`):
 * the attribution's text and the disclaimer. Figures, dates, addresses and names are the same in
 * every language. The translations are to be reviewed by native speakers before live use.
 */
import type { Estimate, Language } from '../src/api/types.js';

export const SERVICE_WORDS: Record<Language, { attribution: string; disclaimer: string }> = {
  en: {
    attribution: 'Estimate by Service Valuations (sandbox data)',
    disclaimer:
      'This is an automated estimate from recent transactions, not a valuation or appraisal. ' +
      'Do not rely on it to buy, sell, rent or borrow. Sandbox figures are fictional.',
  },
  zh: {
    attribution: 'Service Valuations 提供的估价（沙盒数据）',
    disclaimer: '这是根据近期成交自动得出的估价，并非正式估价或评估。买卖、租赁或借贷时请勿以此为依据。沙盒数据均为虚构。',
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

/** The same estimate with the service's words in `language`. */
export const inLanguage = (estimate: Estimate, language: Language): Estimate => ({
  ...estimate,
  attribution: { ...estimate.attribution, text: SERVICE_WORDS[language].attribution },
  disclaimer: SERVICE_WORDS[language].disclaimer,
});
