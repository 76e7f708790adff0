import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Nothing from the network is rendered as HTML; every override of the rule keeps this ban. */
const UNSAFE_HTML = { name: 'lit/directives/unsafe-html.js', message: 'Network text is never rendered as HTML.' };

/**
 * The widget's layers, lowest first. A folder imports only from layers below its own, never from a
 * sibling in its layer: the slices (search, estimate) know nothing of each other, and only the
 * element composes them. The README's "Architecture" section draws the same list.
 */
const LAYERS = [
  ['api', 'format'],
  ['internal', 'words', 'events'],
  ['search', 'estimate'],
  ['element'],
];

function layerRules() {
  return LAYERS.flatMap((layer, level) =>
    layer.map((folder) => {
      const forbidden = LAYERS.slice(level)
        .flat()
        .filter((other) => other !== folder);
      return {
        files: [`src/${folder}/**/*.ts`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              paths: [UNSAFE_HTML],
              patterns: [
                {
                  regex: `^\\.\\./(${forbidden.join('|')})/`,
                  message: `src/${folder} may import only from layers below it (${LAYERS.slice(0, level).flat().join(', ') || 'none'}); see the README's Architecture section.`,
                },
              ],
            },
          ],
        },
      };
    }),
  );
}

export default tseslint.config(
  { ignores: ['dist/', 'dist-static-demo/', 'node_modules/', 'src/api/generated/', 'sdk/generated/', 'test-results/', 'playwright-report/', 'bench/results/', 'bench/.build/', 'package/', 'e2e/.package-app/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        window: 'readonly', document: 'readonly', console: 'readonly', location: 'readonly', customElements: 'readonly',
        URL: 'readonly', URLSearchParams: 'readonly', process: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Nothing is inserted as HTML: render with Lit templates.' },
        { property: 'outerHTML', message: 'Nothing is inserted as HTML: render with Lit templates.' },
      ],
      'no-restricted-imports': ['error', { paths: [UNSAFE_HTML] }],
    },
  },
  ...layerRules(),
);
