/**
 * For tests: a webhook receiver on 127.0.0.1 (reachable only where the test setting allows loopback
 * webhooks). It keeps every request it gets and answers each with the next status queued in
 * `statuses`, then 200.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { listen, originOf, readText, stopServer } from '../lib/http-stand-in.ts';

export interface ReceivedWebhook {
  /** When it arrived (ms since the epoch). */
  at: number;
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Statuses for the next requests, in order; 200 once none is left. */
  statuses: number[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/hooks'): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const statuses: number[] = [];
  const server = createServer((request, response) => {
    void readText(request).then((body) => {
      received.push({ at: Date.now(), headers: request.headers, body });
      response.writeHead(statuses.shift() ?? 200).end('thanks');
    });
  });
  const port = await listen(server, 0, '127.0.0.1');
  return { url: `${originOf('127.0.0.1', port)}${path}`, received, statuses, close: () => stopServer(server) };
}
