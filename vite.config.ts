import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { type LanguageFile, languageFiles } from './scripts/language-files.js';
import { minifyTemplatesPlugin } from './scripts/minify-templates.js';
import { shortWordKeysPlugin } from './scripts/short-word-keys.js';

/**
 * - default mode (`npm run build`): `dist/widget.js`, the one classic script a site owner pastes,
 *   carrying the loader and the Lit element, whose code is one function the loader runs only once
 *   a container nears the viewport (`elementCode` below); `dist/languages/`, the translations as data, named by their content and checked
 *   against the hashes widget.js carries; `dist/integrity.json`, widget.js's SRI hash for the
 *   pinned snippet; and `public/` (font, logo).
 * - `--mode package` (`npm run build:package`): `packages/widget/dist/`, the npm package's ES modules.
 * - `--mode static-demo` (`npm run demo:static`): the demo with the sandbox host running in the
 *   page through MSW, for static hosting with no server.
 */
export default defineConfig(async ({ mode }): Promise<UserConfig> => {
  if (mode === 'static-demo') {
    return {
      root: 'demo/static',
      publicDir: '../../public',
      plugins: [mswServiceWorker()],
      server: { port: 5174, strictPort: true },
      build: { outDir: '../../dist-static-demo', emptyOutDir: true, target: 'es2022' },
    };
  }
  if (mode === 'package') {
    // The npm package: ES modules for a bundler, Lit left to the app's own copy, nothing minified.
    return {
      publicDir: false,
      plugins: [minifyTemplatesPlugin()],
      build: {
        target: 'es2022',
        outDir: 'packages/widget/dist',
        emptyOutDir: true,
        minify: false,
        reportCompressedSize: false,
        lib: { entry: { index: 'src/index.ts', react: 'src/react.ts' }, formats: ['es'] },
        rollupOptions: { external: [/^lit(\/|$)/], output: { chunkFileNames: 'chunks/[name]-[hash].js' } },
      },
    };
  }
  const languages = await languageFiles();
  const classic = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));
  const sources = {
    plugins: [minifyTemplatesPlugin(), shortWordKeysPlugin()],
    define: {
      __LANGUAGE_HASHES__: JSON.stringify(
        Object.fromEntries(languages.map(({ language, sha256 }) => [language, sha256])),
      ),
    },
    resolve: {
      // The host's one file reads its address as a classic script and fetches its languages as checked data.
      alias: [
        { find: /^\.\/own-base\.js$/, replacement: classic('element/own-base.classic.ts') },
        { find: /^\.\/failure-box\.js$/, replacement: classic('element/failure-box.classic.ts') },
        { find: /^\.\/translations\.js$/, replacement: classic('words/translation-files.ts') },
      ],
    },
  } satisfies UserConfig;
  return {
    ...sources,
    publicDir: 'public',
    plugins: [
      ...sources.plugins,
      elementCode(sources),
      withoutPureComments(),
      languageAssets(languages),
      integrityFile(),
    ],
    build: {
      target: 'es2022',
      outDir: 'dist',
      emptyOutDir: true,
      // SOURCEMAP=1 writes widget.js.map, to see which module the bytes come from.
      sourcemap: process.env.SOURCEMAP === '1',
      // Terser's four passes beat the default minifier by about 120 B brotli on the widget.
      minify: 'terser',
      terserOptions: {
        ecma: 2020,
        compress: { passes: 4, unsafe_arrows: true },
        format: { comments: /allFunctionsCalledOnLoad/ },
      },
      reportCompressedSize: false,
      modulePreload: false,
      lib: { entry: 'src/loader.ts', formats: ['iife'], name: 'serviceValuationLoader', fileName: () => 'widget.js' },
      rollupOptions: {
        // V8's compile hint: compile every function while the file streams in, off the main thread, instead
        // of one by one as the first render calls them (nearly all of them).
        output: { postBanner: '//# allFunctionsCalledOnLoad' },
      },
    },
  };
});

/**
 * Drops the `/* @__PURE__ *\/` marks a library build keeps in its minified output (59 of them, 86 B
 * brotli): they only matter to a bundler, and nothing bundles the widget host's files again.
 */
function withoutPureComments(): Plugin {
  return {
    name: 'without-pure-comments',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk') chunk.code = chunk.code.replaceAll('/* @__PURE__ */', '');
    },
  };
}

/**
 * `virtual:element-code`: the element's bundle (src/element/element-code.ts, Lit included) built on
 * its own and wrapped in one function, which the loader calls when a container nears the viewport,
 * with the widget host's root (own-base.classic.ts reads it).
 * One function costs nothing per module, where a bundler's lazily evaluated modules (a dynamic
 * import inlined into the file) cost a wrapper each: 1.1 KB brotli more, measured. Minified here
 * first, without renaming (about 10 B brotli less than minifying once, in the whole file).
 */
function elementCode(sources: UserConfig): Plugin {
  const id = '\0element-code';
  return {
    name: 'element-code',
    resolveId: (source) => (source === 'virtual:element-code' ? id : undefined),
    async load(loaded) {
      if (loaded !== id) return undefined;
      const built = (await build({
        ...sources,
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        build: {
          write: false,
          target: 'es2022',
          sourcemap: process.env.SOURCEMAP === '1',
          minify: 'terser',
          terserOptions: { ecma: 2020, module: true, compress: { passes: 4 }, mangle: false },
          lib: { entry: 'src/element/element-code.ts', formats: ['es'], fileName: () => 'element.js' },
        },
      })) as Rolldown.RolldownOutput[];
      const [chunk, ...more] = built[0].output;
      // One classic file, all of it under the snippet's hash: nothing left to load at run time.
      if (more.length || /\bimport\s*\(|import\.meta/.test(chunk.code))
        throw new Error('element-code: the element must bundle to one file with no import() or import.meta');
      // The wrapper's two lines come first: the map's lines move down by two. Strict, as the module was.
      const map = chunk.map && { ...chunk.map, mappings: `;;${chunk.map.mappings}` };
      return { code: `export default (__HOST_ROOT__, __FAILURE_BOX__) => {\n'use strict';\n${chunk.code}\n};`, map };
    },
  };
}

/** Emits the language files under `dist/languages/`. */
function languageAssets(languages: LanguageFile[]): Plugin {
  return {
    name: 'language-files',
    generateBundle() {
      for (const { file, content } of languages) this.emitFile({ type: 'asset', fileName: file, source: content });
    },
  };
}

/** Writes `dist/integrity.json`: the loader's version and SRI hash, for the pinned snippet. */
function integrityFile(): Plugin {
  return {
    name: 'integrity-file',
    async writeBundle({ dir = 'dist' }) {
      const loader = await readFile(`${dir}/widget.js`);
      const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
      const integrity = `sha384-${createHash('sha384').update(loader).digest('base64')}`;
      await writeFile(
        `${dir}/integrity.json`,
        `${JSON.stringify({ version, file: `v${version}/widget.js`, integrity }, null, 2)}\n`,
      );
    },
  };
}

/** Serves (and, in a build, emits) MSW's service worker at the site root. */
function mswServiceWorker(): Plugin {
  const source = () => readFile(new URL('./node_modules/msw/lib/mockServiceWorker.js', import.meta.url), 'utf8');
  return {
    name: 'msw-service-worker',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', async (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(await source());
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'mockServiceWorker.js', source: await source() });
    },
  };
}
