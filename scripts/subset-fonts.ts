/**
 * `npm run fonts`: cuts the panel's font, Inter (SIL Open Font License, public/fonts/LICENSE-Inter.txt),
 * into the faces the widget host serves, and writes src/element/font-faces.ts, which registers them.
 * Each weight has a small `first` face with just the characters the panel shows in that weight
 * before a search, and a `rest` face for all of Latin. Where unicode ranges overlap a browser tries
 * the face added last first (CSS Fonts 4, §4.5), so `rest` is added first and fetched only for a
 * character `first` lacks. A test checks that the committed files are what this script makes now.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import subsetFont from 'subset-font';
import { fontFile } from '../src/element/assets.js';
import en from '../src/words/en.js';

export const FONT_DIR = new URL('../public/fonts/', import.meta.url);
const FACES_MODULE = new URL('../src/element/font-faces.ts', import.meta.url);
const source = (weight: number) =>
  new URL(`../node_modules/@fontsource/inter/files/inter-latin-${weight}-normal.woff2`, import.meta.url);
/** Pair kerning, and tabular figures for the estimate's numbers: the only OpenType features the panel uses. */
const FEATURES = ['kern', 'tnum'];
/** ASCII, Latin-1, Œ œ, dashes and quotes, and €. */
const LATIN_RANGE = 'U+20-7E,U+A0-FF,U+152-153,U+2010-2027,U+20AC';

/**
 * The panel's words before a search, by the weight they are set in, visually hidden ones included
 * (they are laid out too). The brand is upper-cased by CSS; the placeholder holds digits.
 */
const firstPaintText = {
  400: [en.brand.toUpperCase(), en.searchPlaceholder, en.attribution, en.newTab, en.disclaimer, en.modeLegend].join(
    ' ',
  ),
  600: [en.title, en.searchLabel, en.modeValue('sale'), en.modeValue('rent')].join(' '),
};

/** Code points as a CSS unicode-range: U+20,U+2C-2E,… */
export function unicodeRange(text: string): string {
  const points = [...new Set([...text].map((c) => c.codePointAt(0)!))].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < points.length; i++) {
    let j = i;
    while (points[j + 1] === points[j] + 1) j++;
    const hex = (n: number) => n.toString(16).toUpperCase();
    parts.push(j > i ? `U+${hex(points[i])}-${hex(points[j])}` : `U+${hex(points[i])}`);
    i = j;
  }
  return parts.join(',');
}

/** src/element/font-faces.ts as this script writes it now. */
export const facesModule =
  () => `/** Written by scripts/subset-fonts.ts (\`npm run fonts\`): the panel's font faces, in the order to add them. */
const LATIN = '${LATIN_RANGE}';
/** Weight (as FontFace takes it), part (the file is inter-<weight>-<part>.woff2), unicode range. */
export const FONT_FACES: [weight: '400' | '600', part: 'first' | 'rest', unicodeRange: string][] = [
  ['400', 'rest', LATIN],
  ['600', 'rest', LATIN],
  ['400', 'first', '${unicodeRange(firstPaintText[400])}'],
  ['600', 'first', '${unicodeRange(firstPaintText[600])}'],
];
`;

/** The characters of a CSS unicode-range (U+20-7E,U+A0,…). */
export function charactersOf(range: string): string {
  return range
    .split(',')
    .flatMap((part) => {
      const [from, to = from] = part
        .slice(2)
        .split('-')
        .map((hex) => parseInt(hex, 16));
      return Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
    })
    .join('');
}

/** The faces as this script makes them now, by file name. */
export async function makeFaces(): Promise<Map<string, Buffer>> {
  const faces = new Map<string, Buffer>();
  for (const weight of [400, 600] as const) {
    const font = await readFile(source(weight));
    for (const [part, text] of [
      ['first', firstPaintText[weight]],
      ['rest', charactersOf(LATIN_RANGE)],
    ] as const) {
      faces.set(
        fontFile(weight, part),
        await subsetFont(font, text, { targetFormat: 'woff2', keepFeatures: FEATURES }),
      );
    }
  }
  return faces;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await mkdir(FONT_DIR, { recursive: true });
  for (const [file, bytes] of await makeFaces()) {
    await writeFile(new URL(file, FONT_DIR), bytes);
    console.log(`${file.padEnd(24)} ${String(bytes.length).padStart(6)} B`);
  }
  await writeFile(FACES_MODULE, facesModule());
}
