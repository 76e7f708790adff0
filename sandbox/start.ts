/** `npm start`: the sandbox widget host and the demo site, each on its own origin. */
import keys from './keys.json' with { type: 'json' };
import { startDemoServer } from './demo-server.js';
import { startWidgetHostServer } from './node-server.js';

const widgetPort = Number(process.env.WIDGET_HOST_PORT ?? 8787);
const demoPort = Number(process.env.DEMO_PORT ?? 5173);

const widgetHost = await startWidgetHostServer({ port: widgetPort, keys: keys.keys });
const demo = await startDemoServer({ port: demoPort, widgetHostUrl: widgetHost.url });

console.log(`Sandbox widget host: ${widgetHost.url}`);
console.log(`Demo site:           ${demo.url}`);
console.log('Press Ctrl+C to stop.');

const stop = () => {
  widgetHost.server.close();
  demo.server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
