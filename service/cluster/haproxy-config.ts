/**
 * HAProxy's configuration for a cluster: one frontend per origin of the service (widget host,
 * Platform API, MCP), each balancing round-robin over every process's port for that origin. A
 * process is taken out when its /readyz fails (it is stopping, or its database does not answer) and
 * put back when it passes; a request whose connection is refused goes to another process.
 */
import { READINESS_PATH } from '../web/health.js';

export interface Origin {
  name: string;
  /** Where the balancer listens for this origin. */
  port: number;
  /** Each process's port for this origin. */
  backends: number[];
}

export interface BalancerOptions {
  checkIntervalMs?: number;
  /**
   * Keep an X-Forwarded-For the client sent. Only for the scale bench, which plays thousands of
   * visitors from one machine: a real balancer must never, or any client could choose its address.
   */
  keepClientForwardedFor?: boolean;
}

export function haproxyConfig(origins: Origin[], options: BalancerOptions = {}): string {
  const { checkIntervalMs = 500, keepClientForwardedFor = false } = options;
  const lines = [
    'global',
    '  maxconn 4000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 5m',
    '  timeout server 5m',
    '  timeout http-keep-alive 10s',
    // The visitor's address for the limits (TRUSTED_PROXIES), and another process when one refuses the connection.
    keepClientForwardedFor ? '  option forwardfor if-none' : '  option forwardfor',
    '  option redispatch',
    '  retries 3',
    '  retry-on conn-failure',
    `  option httpchk GET ${READINESS_PATH}`,
    `  default-server inter ${checkIntervalMs}ms fall 1 rise 2`,
  ];
  for (const origin of origins) {
    lines.push(`frontend ${origin.name}`, `  bind 127.0.0.1:${origin.port}`, `  default_backend ${origin.name}`);
    lines.push(`backend ${origin.name}`, '  balance roundrobin');
    origin.backends.forEach((port, i) => lines.push(`  server p${i + 1} 127.0.0.1:${port} check`));
  }
  return `${lines.join('\n')}\n`;
}
