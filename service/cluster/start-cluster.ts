/**
 * `npm run start:cluster`: the service as CLUSTER_PROCESSES processes (3 by default) on PostgreSQL
 * (DATABASE_URL, or a throwaway server of Debian's) behind HAProxy on the usual ports, with the demo
 * site beside the balancer. Ctrl+C stops every part.
 */
import { startDemoServer } from '../../demo/server.js';
import { startCluster } from './cluster.js';

const processes = Number(process.env.CLUSTER_PROCESSES ?? 3);
const cluster = await startCluster({
  processes,
  databaseUrl: process.env.DATABASE_URL,
  ports: { widgetHost: 8787, platform: 8790, mcp: 8791 },
  env: { DEMO_PUBLIC_PORT: process.env.DEMO_PORT ?? '5173' },
  log: (index, line) => console.log(`${index < 0 ? '[haproxy]' : `[process ${index + 1}]`} ${line}`),
});
const demo = await startDemoServer({
  port: Number(process.env.DEMO_PORT ?? 5173),
  widgetHostUrl: cluster.urls.widgetHost,
});

console.log(`\n${processes} processes on ${new URL(cluster.databaseUrl).host}, behind HAProxy (round robin):`);
console.log(`Sandbox widget host: ${cluster.urls.widgetHost}`);
console.log(`Demo site:           ${demo.url}`);
console.log(`API Console:         ${cluster.urls.widgetHost}console/`);
if (cluster.mail) console.log(`Sandbox inbox:       ${cluster.mail.inboxUrl}`);
console.log(`Platform API:        ${cluster.urls.platform}/v1`);
console.log(`MCP endpoint:        ${cluster.urls.mcp}`);
for (const p of cluster.processes)
  console.log(
    `Process ${p.index + 1} (pid ${p.child.pid}): ports ${Object.values(p.ports).join(', ')}, /readyz on each`,
  );
console.log('Press Ctrl+C to stop.');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  demo.server.close();
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
