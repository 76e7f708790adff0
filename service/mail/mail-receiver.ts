/**
 * The sandbox's mail server: an SMTP receiver on loopback (smtp-server) that keeps the last 200
 * messages in memory, and a page that shows them (its inbox), so a developer can open the links the
 * service sends. `npm start` and the tests run one; nothing it receives leaves the machine.
 */
import { simpleParser } from 'mailparser';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { listen, originOf } from '../web/serve.js';
import { inboxPage, messagePage, type ReceivedMail } from './inbox-pages.js';

export type { ReceivedMail };

const KEEP = 200;
const MAX_BYTES = 256 * 1024;

export interface MailReceiver {
  smtpUrl: string;
  inboxUrl: string;
  messages(): ReceivedMail[];
  /** The newest message to `address` that arrives (or arrived) after `since` messages, waiting up to `timeoutMs`. */
  next(address: string, since?: number, timeoutMs?: number): Promise<ReceivedMail>;
  /** How many messages it has received so far (a mark for `next`). */
  count(): number;
  stop(): Promise<void>;
}

export async function startMailReceiver(ports: { smtp?: number; inbox?: number } = {}): Promise<MailReceiver> {
  const received: ReceivedMail[] = [];
  let counted = 0;
  const waiting = new Set<() => void>();

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_BYTES,
    banner: 'Service Valuations sandbox mail receiver',
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.unshift({
            id: ++counted,
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            receivedAt: new Date(),
          });
          received.length = Math.min(received.length, KEEP);
          for (const wake of waiting) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(ports.smtp ?? 0, '127.0.0.1', resolve);
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const inbox: Server = await listen(inboxPages, ports.inbox ?? 0).catch(async (error: Error) => {
    // The inbox's port is taken: the SMTP side closes too, so nothing is left listening.
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  });

  function inboxPages(request: Request) {
    const url = new URL(request.url);
    const id = /^\/messages\/(\d+)$/.exec(url.pathname)?.[1];
    const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };
    if (url.pathname === '/') return new Response(String(inboxPage(received)), { headers });
    const message = id ? received.find((m) => m.id === Number(id)) : undefined;
    if (message) return new Response(String(messagePage(message)), { headers });
    return new Response('Not found', { status: 404 });
  }

  const mark = () => counted;
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `${originOf(inbox)}/`,
    messages: () => [...received],
    count: mark,
    async next(address, since = 0, timeoutMs = 10_000) {
      const to = address.toLowerCase();
      const found = () => received.find((m) => m.id > since && m.to.includes(to));
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const message = found();
        if (message) return message;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No mail to ${address} within ${timeoutMs} ms.`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(wake, left);
          function wake() {
            clearTimeout(timer);
            waiting.delete(wake);
            resolve();
          }
          waiting.add(wake);
        });
      }
    },
    async stop() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => inbox.close(() => resolve()));
    },
  };
}
