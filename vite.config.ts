import { defineConfig } from 'vite';
import { collapseTemplateIndentation, minifyCssLiterals } from './scripts/minify-templates.js';

/**
 * Two outputs, built one after the other (`npm run build`):
 * - default mode: `dist/element.js`, the Lit element as an ES module, plus `public/` (font, logo);
 * - `--mode loader`: `dist/widget.js`, the classic script a site owner pastes.
 * The element is an app build, not a library build, so that it is fully minified.
 */
export default defineConfig(({ mode }) => {
  const loader = mode === 'loader';
  return {
    publicDir: loader ? false : 'public',
    plugins: [minifyCssLiterals(), collapseTemplateIndentation()],
    build: {
      target: 'es2022',
      outDir: 'dist',
      emptyOutDir: !loader,
      sourcemap: false,
      reportCompressedSize: false,
      modulePreload: false,
      lib: loader
        ? { entry: 'src/loader.ts', formats: ['iife'], name: 'serviceValuationLoader', fileName: () => 'widget.js' }
        : false,
      rollupOptions: loader
        ? {}
        : {
            input: 'src/element/service-valuation.ts',
            preserveEntrySignatures: 'exports-only',
            output: { format: 'es', entryFileNames: 'element.js', chunkFileNames: 'chunks/[name]-[hash].js' },
          },
    },
  };
});
