import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { defineConfig, type Plugin } from 'vite';
import { builtElementFile } from './scripts/built-element.js';
import { minifyTemplatesPlugin } from './scripts/minify-templates.js';
import { shortWordKeysPlugin } from './scripts/short-word-keys.js';

/**
 * Two outputs, built one after the other (`npm run build`):
 * - default mode: `dist/element-<hash>.js`, the Lit element as an ES module, and its chunks, named by
 *   their content so the widget host can cache them for a year; plus `public/` (font, logo);
 * - `--mode loader`: `dist/widget.js`, the classic script a site owner pastes, which knows its
 *   element's file by name, and `dist/integrity.json`, its SRI hash for the pinned snippet.
 * - `--mode package` (`npm run build:package`): `packages/widget/dist/`, the npm package's ES modules.
 * - `--mode static-demo` (`npm run demo:static`): the demo with the sandbox host running in the
 *   page through MSW, for static hosting with no server.
 * The element is a library build: an app build wraps each dynamic import (the language files) in
 * Vite's preload helper, 490 B brotli the element does not need.
 */
export default defineConfig(({ mode }) => {
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
  const loader = mode === 'loader';
  return {
    publicDir: loader ? false : 'public',
    plugins: [
      minifyTemplatesPlugin(),
      ...(loader ? [integrityFile()] : [shortWordKeysPlugin(), withoutPureComments()]),
    ],
    define: loader ? { __ELEMENT_FILE__: JSON.stringify(builtElementFile('dist')) } : {},
    build: {
      target: 'es2022',
      outDir: 'dist',
      emptyOutDir: !loader,
      // SOURCEMAP=1 writes element-<hash>.js.map, to see which module the bytes come from.
      sourcemap: process.env.SOURCEMAP === '1',
      // Terser's four passes beat the default minifier by about 120 B brotli on the widget.
      minify: 'terser',
      terserOptions: {
        ecma: 2020,
        module: !loader,
        compress: { passes: 4 },
        format: { comments: /allFunctionsCalledOnLoad/ },
      },
      reportCompressedSize: false,
      modulePreload: false,
      lib: loader
        ? { entry: 'src/loader.ts', formats: ['iife'], name: 'serviceValuationLoader', fileName: () => 'widget.js' }
        : { entry: 'src/element/service-valuation.ts', formats: ['es'] },
      rollupOptions: loader
        ? {}
        : {
            input: 'src/element/service-valuation.ts',
            preserveEntrySignatures: 'exports-only',
            output: {
              format: 'es',
              entryFileNames: 'element-[hash].js',
              chunkFileNames: 'chunks/[name]-[hash].js',
              // V8's compile hint: the first render calls nearly every function, so compile them all
              // while the file streams in, off the main thread, instead of one by one as they run.
              postBanner: '//# allFunctionsCalledOnLoad',
            },
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
