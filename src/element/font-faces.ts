/** Written by scripts/subset-fonts.ts (`npm run fonts`): the panel's font faces, in the order to add them. */
const LATIN = 'U+20-7E,U+A0-FF,U+152-153,U+2010-2027,U+20AC';
/** Weight (as FontFace takes it), part (the file is inter-<weight>-<part>.woff2), unicode range. */
export const FONT_FACES: [weight: '400' | '600', part: 'first' | 'rest', unicodeRange: string][] = [
  ['400', 'rest', LATIN],
  ['600', 'rest', LATIN],
  ['400', 'first', 'U+20,U+28-29,U+2C,U+2E,U+30-33,U+35-36,U+3B,U+41,U+43,U+45,U+49,U+4B-50,U+52-56,U+61-69,U+6C-70,U+72-77,U+79'],
  ['600', 'first', 'U+20,U+2C,U+3F,U+4D,U+53,U+57,U+61-65,U+68-69,U+6C-70,U+72-74,U+77,U+79'],
];
