import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist-static-demo/', 'node_modules/', 'src/api/generated/', 'test-results/', 'playwright-report/', 'bench/results/'] },
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
      'no-restricted-imports': ['error', { paths: [{ name: 'lit/directives/unsafe-html.js', message: 'Network text is never rendered as HTML.' }] }],
    },
  },
);
