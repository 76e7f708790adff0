/** Serves the demo host pages on their own origin, pointing their snippet at the widget host. */
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { sendFile } from './static-files.js';

const DEMO_DIR = fileURLToPath(new URL('../demo/', import.meta.url));

export async function startDemoServer(options: { port: number; widgetHostUrl: string; host?: string }): Promise<{ server: Server; url: string }> {
  const hostname = options.host ?? '127.0.0.1';
  const widgetHost = options.widgetHostUrl.replace(/\/$/, '');
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://demo.invalid');
    const sent = await sendFile(res, DEMO_DIR, url.pathname, {
      transform: (html) => html.replaceAll('%WIDGET_HOST%', widgetHost),
    });
    if (!sent) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, hostname, resolve);
  });
  return { server, url: `http://localhost:${options.port}/` };
}
