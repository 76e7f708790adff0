import { defineConfig } from 'vite';

// The widget host is set explicitly: once bundled, the widget cannot find it from its own URL.
export default defineConfig({
  define: { WIDGET_HOST: JSON.stringify(process.env.WIDGET_HOST ?? 'http://127.0.0.1:8788/') },
  build: { target: 'es2022' },
});
