/**
 * The sandbox's news: a few items about the market, policy, finance and the service, written for the
 * sandbox (synthetic), each with the date and the source it stands in for.
 */
import type { components } from '../../contract/generated/platform.js';

type NewsItem = components['schemas']['NewsList']['items'][number];

export const NEWS_AS_OF = '2026-11-20';
export const NEWS: NewsItem[] = [
  {
    id: 'news_0006',
    title: 'Sandbox: valuation widget adds rent estimates in square metres',
    summary:
      'The widget shows a rent or sale estimate in the unit a visitor picks, and remembers it for the next home.',
    topic: 'service',
    publishedOn: '2026-11-20',
    source: { name: 'Service Valuations (sandbox)', url: 'https://service.example/news' },
  },
  {
    id: 'news_0005',
    title: 'Sandbox: HDB resale prices edge up in the third quarter',
    summary:
      'Resale flat prices in the sandbox rose about 1% from the second quarter, led by four-room flats in mature towns.',
    topic: 'market',
    publishedOn: '2026-10-03',
    source: { name: 'HDB resale price index (modelled)', url: 'https://www.hdb.gov.sg/' },
  },
  {
    id: 'news_0004',
    title: 'Sandbox: private rents steady as new completions arrive',
    summary:
      'Condominium rents in the sandbox were flat quarter on quarter as completions added supply in the outer regions.',
    topic: 'market',
    publishedOn: '2026-09-15',
    source: { name: 'URA rental index (modelled)', url: 'https://www.ura.gov.sg/' },
  },
  {
    id: 'news_0003',
    title: 'Sandbox: what the 4% stress-test rate means for a bank loan',
    summary: 'Servicing ratios are tested at the higher of the loan rate and 4% a year; for HDB loans the floor is 3%.',
    topic: 'finance',
    publishedOn: '2026-08-01',
    source: { name: 'MAS property market measures', url: 'https://www.mas.gov.sg/' },
  },
  {
    id: 'news_0002',
    title: 'Sandbox: HDB loan limit at 75% of the price',
    summary: 'The loan-to-value limit for HDB housing loans is 75%, the same as a first bank loan of 30 years or less.',
    topic: 'policy',
    publishedOn: '2026-06-12',
    source: { name: 'HDB housing loan options', url: 'https://www.hdb.gov.sg/' },
  },
  {
    id: 'news_0001',
    title: 'Sandbox: the Platform API opens listings and viewings',
    summary: 'Agencies can build on listings, viewings and partner-site distribution in the sandbox before going live.',
    topic: 'service',
    publishedOn: '2026-05-04',
    source: { name: 'Service Valuations (sandbox)', url: 'https://service.example/news' },
  },
];
