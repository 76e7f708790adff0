import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { noCircle } from './scripts/lint/no-circle.js';

/** Nothing from the network is rendered as HTML; every override of the rule keeps this ban. */
const UNSAFE_HTML = { name: 'lit/directives/unsafe-html.js', message: 'Network text is never rendered as HTML.' };

/**
 * Floors, lowest first, for the widget (`src/`) and the service (`service/`). A folder imports only
 * from floors below its own, never from a sibling on its floor: the widget's slices (search, estimate)
 * and the service's surfaces know nothing of each other, and only the element, the servers and the
 * composition root put them together. Files at a half's root (the loader, `service/start.ts`) stand
 * above every floor. The README's "Architecture" section draws the same lists.
 */
const FLOORS = {
  src: [['api', 'format'], ['internal', 'words', 'events'], ['search', 'estimate'], ['element']],
  service: [
    ['db', 'web', 'geo'],
    [
      // Singapore's calendar, where every part counts its days.
      'core/calendar',
      'core/estimates',
      'core/finance',
      'core/metering',
      'core/events',
      'core/idempotency',
      // The contract's state machines, read once: every store moves its rows by them.
      'core/state-machines',
    ],
    // The official files and the markets read from the homes the estimates value.
    ['core/datasets'],
    ['core/media'],
    // Who each organization is and what it sells: its agents, teams, projects and partner-site profile.
    ['core/directory'],
    [
      'core/grants',
      'core/organizations',
      'core/webhooks',
      'core/listings',
      'core/inventory',
      'core/valuations',
      'core/mortgages',
    ],
    // Mail waits sealed under the webhook secrets' key.
    // The work agencies arrange for the homes they list.
    ['core/service-orders'],
    ['core/keys', 'core/mail'],
    // Every write an AI app may ask for, each a kind of one pending action; real people's accounts.
    ['core/writes', 'core/accounts'],
    // The one composition of the core's parts (compose.ts), which every server and test receives whole.
    ['core/services'],
    [
      'surfaces/widget-host',
      'surfaces/platform',
      'surfaces/mcp',
      'surfaces/console',
      'surfaces/valuation-pages',
      'surfaces/docs',
      'workers',
    ],
    // The sandbox is data given to the core and content given to the surfaces (its homes, demo
    // organizations, news, magic values), never imported by either: only servers and tests take it.
    // The sandbox's mail receiver and inbox stand beside it.
    ['sandbox', 'mail'],
    ['servers'],
    // N processes of the service behind a balancer (npm run start:cluster, the cross-process tests).
    ['cluster'],
    // Tests that start servers or span floors: above everything, imported by nothing.
    ['tests'],
  ],
};
/** What each half may take from the other: the service only the widget's transport-free ground (the contract's checks, words, formats). */
const ACROSS = { src: [], service: ['src/api', 'src/words', 'src/format'] };
/** Whole-service tests may also read the widget's own constants (the search's debounce, say). */
const ACROSS_FOR_TESTS = ['src'];

const here = path.dirname(fileURLToPath(import.meta.url));

/** The half and floor folder a path lies in: `{ half, folder, level }`, level Infinity for a half's root files. */
function floorOf(file) {
  const relative = path.relative(here, file).split(path.sep).join('/');
  const half = Object.keys(FLOORS).find((name) => relative.startsWith(`${name}/`));
  if (!half) return undefined;
  const inside = relative.slice(half.length + 1);
  if (!inside.includes('/')) return { half, folder: '', level: Infinity };
  for (const [level, floor] of FLOORS[half].entries()) {
    const folder = floor.find((f) => inside === f || inside.startsWith(`${f}/`));
    if (folder) return { half, folder, level };
  }
  return { half, folder: inside.split('/')[0], level: -1 };
}

const floorsPlugin = {
  rules: {
    'no-circle': noCircle,
    'imports-go-down': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const from = floorOf(context.filename);
        if (!from) return {};
        const check = (node, specifier) => {
          if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
          const to = floorOf(path.resolve(path.dirname(context.filename), specifier));
          const where = `${from.half}/${from.folder || '(root)'}`;
          if (from.level === -1)
            return context.report({
              node,
              message: `${where} stands on no floor: add it to FLOORS in eslint.config.js.`,
            });
          if (!to) return;
          if (to.half !== from.half) {
            const target = `${to.half}/${to.folder}`;
            const across = from.half === 'service' && from.folder === 'tests' ? ACROSS_FOR_TESTS : ACROSS[from.half];
            if (across.some((allowed) => target === allowed || target.startsWith(`${allowed}/`))) return;
            return context.report({
              node,
              message: `${where} may not import ${target}: ${from.half} takes from ${to.half} only ${ACROSS[from.half].join(', ') || 'nothing'}.`,
            });
          }
          if (to.folder === from.folder || to.level < from.level) return;
          const below = FLOORS[from.half].slice(0, Math.max(0, from.level)).flat();
          context.report({
            node,
            message: `${where} may import only from floors below it (${below.join(', ') || 'none'}), not ${to.half}/${to.folder}; see the README's Architecture section.`,
          });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-static-demo/',
      'node_modules/',
      'src/api/generated/',
      'contract/generated/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
      'bench/.build/',
      '.scratch/',
      'packages/*/dist/',
      'e2e/.package-app/',
      'e2e/.cli-package/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        console: 'readonly',
        location: 'readonly',
        customElements: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        process: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
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
  {
    // The service's tests stand on floors too (whole-service ones in service/tests/); the widget's component
    // tests are exempt: they run the sandbox widget host in the page (service/sandbox/in-page-host.ts).
    files: ['src/**/*.ts', 'service/**/*.ts'],
    ignores: ['src/**/*.test.ts', 'src/test/**'],
    plugins: { floors: floorsPlugin },
    rules: { 'floors/imports-go-down': 'error' },
  },
  {
    // The specs read their origins from e2e/ports.ts: the config starts servers, and is nobody's module.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [UNSAFE_HTML],
          patterns: [{ group: ['**/playwright.config*'], message: 'Read the ports from e2e/ports.ts.' }],
        },
      ],
    },
  },
  {
    // Every TypeScript file of the repository, the widget's tests too: no circle of files anywhere.
    files: ['**/*.ts'],
    plugins: { floors: floorsPlugin },
    rules: { 'floors/no-circle': 'error' },
  },
);
