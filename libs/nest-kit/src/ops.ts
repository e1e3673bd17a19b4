import { createHash, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import type { Logger } from 'pino';
import { ServiceError } from './errors';
import { enableDefaultMetrics, metricsText } from './metrics';

/**
 * Operator-only endpoints (see ARCHITECTURE.md, "Operator-only"): a small HTTP listener of its own,
 * on `OPS_HOST:OPS_PORT` (loopback by default), never on the public origin. With `OPS_TOKEN` set,
 * every request needs `Authorization: Bearer <OPS_TOKEN>`. Raw dependency errors are shown here
 * and nowhere public.
 */

/** Default ops port of each process, so that `npm start` on one machine runs them all side by side. */
export const DEFAULT_OPS_PORTS = { gateway: 9400, auth: 9401, generation: 9402, billing: 9403, content: 9404 } as const;

/** Resolves when the dependency answers; rejects with its raw error otherwise. */
export type DependencyProbe = () => Promise<unknown>;
/** A part of `/status` a process contributes (e.g. the ffmpeg in use); may be async. */
export type StatusSection = () => unknown;

export interface DependencyState {
  ok: boolean;
  /** The dependency's own error text (operator-only). */
  error?: string;
  ms: number;
  /** Present (false) on a dependency shown for operators but not part of readiness. */
  readiness?: false;
}

export interface CheckOptions {
  /**
   * Whether readiness waits on it (default true). A dependency every replica shares and that only
   * some routes need (the gateway's object store) is watched without it: taking every replica out
   * of the load balancer for it would take the whole site down for the sake of a few routes.
   */
  readiness?: boolean;
}

export const PROBE_TIMEOUT_MS = 2000;
const RESERVED_KEYS = new Set(['process', 'version', 'pid', 'uptimeSeconds', 'ready', 'dependencies']);

/** The raw text of a failure; a ServiceError's details (e.g. the NATS subject nobody answered) included. */
function errorText(error: unknown): string {
  if (error instanceof ServiceError && error.details) return `${error.message} ${JSON.stringify(error.details)}`;
  return error instanceof Error ? error.message || error.name : String(error);
}

/** The dependencies a process checks for readiness and the extra sections of its status. */
export class OpsRegistry {
  private readonly probes = new Map<string, { probe: DependencyProbe; readiness: boolean }>();
  private readonly sections = new Map<string, StatusSection>();

  addCheck(name: string, probe: DependencyProbe, options: CheckOptions = {}): void {
    this.probes.set(name, { probe, readiness: options.readiness ?? true });
  }

  addSection(name: string, section: StatusSection): void {
    if (RESERVED_KEYS.has(name)) throw new Error(`"${name}" is a reserved status key`);
    this.sections.set(name, section);
  }

  /** Runs every probe at once (with `readinessOnly`, those readiness waits on), each bounded by `timeoutMs`. */
  async check(timeoutMs = PROBE_TIMEOUT_MS, { readinessOnly = false } = {}): Promise<Record<string, DependencyState>> {
    const probes = [...this.probes].filter(([, { readiness }]) => readiness || !readinessOnly);
    const entries = await Promise.all(
      probes.map(async ([name, { probe, readiness }]) => {
        const watchedOnly = readiness ? {} : { readiness: false as const };
        const started = performance.now();
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        });
        try {
          await Promise.race([probe(), timeout]);
          return [name, { ok: true, ms: Math.round(performance.now() - started), ...watchedOnly }] as const;
        } catch (error) {
          return [name, { ok: false, error: errorText(error), ms: Math.round(performance.now() - started), ...watchedOnly }] as const;
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    return Object.fromEntries(entries);
  }

  /** Every contributed section; one that fails shows its error instead. */
  async sectionValues(): Promise<Record<string, unknown>> {
    const entries = await Promise.all(
      [...this.sections].map(async ([name, section]) => {
        try {
          return [name, await section()] as const;
        } catch (error) {
          return [name, { error: errorText(error) }] as const;
        }
      }),
    );
    return Object.fromEntries(entries);
  }
}

export interface OpsReply {
  status: number;
  /** Objects are sent as JSON, strings as plain text (e.g. a later `/metrics`). */
  body: unknown;
  contentType?: string;
}

export type OpsHandler = (request: IncomingMessage) => OpsReply | Promise<OpsReply>;

export interface OpsListenerOptions {
  /** Process name shown in `/status` (`gateway`, `auth`, ...). */
  name: string;
  registry: OpsRegistry;
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** When set, every request needs `Authorization: Bearer <token>`. */
  token?: string;
  version?: string;
  logger?: Logger;
}

export interface OpsListener {
  url: string;
  port: number;
  /** Adds a route (e.g. `/metrics`); same method and path replaces the previous one. */
  route(method: string, path: string, handler: OpsHandler): void;
  close(): Promise<void>;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Authorization: Bearer <token>` compared in constant time (both sides hashed to one length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return !!match && timingSafeEqual(digest(match[1].trim()), digest(token));
}

/** The version in the package.json next to the running program (`<app>/dist/main.js` → `<app>/package.json`). */
export function programVersion(program = require.main?.filename): string {
  for (let folder = program ? dirname(program) : ''; folder && folder !== dirname(folder); folder = dirname(folder)) {
    const file = join(folder, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  }
  return 'unknown';
}

function send(response: ServerResponse, reply: OpsReply): void {
  const text = typeof reply.body === 'string';
  response.writeHead(reply.status, {
    'content-type': reply.contentType ?? (text ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8'),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  response.end(text ? reply.body : JSON.stringify(reply.body));
}

/** Starts the ops listener with `/healthz`, `/readyz`, `/status` and `/metrics`; rejects when it cannot listen. */
export async function startOpsListener(options: OpsListenerOptions): Promise<OpsListener> {
  const { registry, logger } = options;
  const version = options.version ?? programVersion();
  const routes = new Map<string, OpsHandler>();
  const route = (method: string, path: string, handler: OpsHandler) => void routes.set(`${method.toUpperCase()} ${path}`, handler);

  route('GET', '/healthz', () => ({ status: 200, body: { status: 'ok' } }));
  route('GET', '/readyz', async () => {
    const dependencies = await registry.check(PROBE_TIMEOUT_MS, { readinessOnly: true });
    const ready = Object.values(dependencies).every((state) => state.ok);
    return { status: ready ? 200 : 503, body: { status: ready ? 'ok' : 'unavailable', dependencies } };
  });
  route('GET', '/status', async () => {
    const [dependencies, sections] = await Promise.all([registry.check(), registry.sectionValues()]);
    return {
      status: 200,
      body: {
        process: options.name,
        version,
        pid: process.pid,
        uptimeSeconds: Math.round(process.uptime()),
        ready: Object.values(dependencies).every((state) => state.ok || state.readiness === false),
        dependencies,
        ...sections,
      },
    };
  });

  // Prometheus's scrape (same token rule as the rest); the process's default metrics start with the listener.
  enableDefaultMetrics();
  route('GET', '/metrics', async () => ({ status: 200, ...(await metricsText()) }));

  const server = createServer((request, response) => {
    if (options.token !== undefined && !bearerMatches(request.headers.authorization, options.token)) {
      // No token at all: 401 with the scheme to use; a wrong one: 403.
      if (!request.headers.authorization) response.setHeader('www-authenticate', 'Bearer realm="lipcast-ops"');
      return send(response, { status: request.headers.authorization ? 403 : 401, body: { message: 'Operator token required' } });
    }
    const path = new URL(request.url ?? '/', 'http://ops').pathname;
    const method = request.method === 'HEAD' ? 'GET' : (request.method ?? 'GET');
    const handler = routes.get(`${method} ${path}`);
    if (!handler) return send(response, { status: 404, body: { message: 'Not found' } });
    Promise.resolve()
      .then(() => handler(request))
      .then((reply) => send(response, reply))
      .catch((error: unknown) => {
        logger?.error({ err: error, path }, 'ops request failed');
        if (!response.headersSent) send(response, { status: 500, body: { message: 'Internal server error' } });
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) =>
      reject(new Error(`${options.name} cannot open its ops listener on ${options.host}:${options.port} (OPS_HOST, OPS_PORT): ${errorText(error)}`)),
    );
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  logger?.info({ url, token: options.token !== undefined }, `${options.name} ops listener on ${url}`);
  return {
    url,
    port,
    route,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
