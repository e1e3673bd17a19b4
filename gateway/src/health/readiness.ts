import type { INestApplication } from '@nestjs/common';
import { pingSubject, SERVICE_NAMES } from '@lipcast/contracts';
import { createLogger, DEFAULT_OPS_PORTS, OpsRegistry, PROBE_TIMEOUT_MS, startOpsListener, type OpsListener, type ServiceClient, type StorageService } from '@lipcast/nest-kit';
import type pg from 'pg';
import type { GatewaySettings } from '../settings';

/**
 * The gateway is ready when its own connections work: PostgreSQL (sessions) and NATS (every API
 * route). What every replica shares and only some routes need is shown to operators but kept out
 * of readiness, so that it never takes every replica out of the load balancer at once: the object
 * store (media routes answer 503 while it is away) and each service (its own routes answer 503).
 * `/status` lists them: `dependencies.objectStore` and a `services` section with each service's ping.
 */
export function gatewayOpsRegistry(services: ServiceClient, storage: StorageService, database: pg.Pool): OpsRegistry {
  const registry = new OpsRegistry();
  registry.addCheck('postgres', () => database.query('select 1'));
  registry.addCheck('nats', () => services.ping(PROBE_TIMEOUT_MS));
  registry.addCheck('objectStore', () => storage.probe(), { readiness: false });
  const pings = new OpsRegistry();
  for (const service of SERVICE_NAMES) {
    pings.addCheck(service, async () => {
      const pong = await services.send(pingSubject(service), {}, PROBE_TIMEOUT_MS);
      if (pong.database !== 'up') throw new Error(`${service}'s database is down`);
    });
  }
  registry.addSection('services', () => pings.check());
  return registry;
}

/**
 * The gateway's operator-only listener (`OPS_HOST:OPS_PORT`, default 127.0.0.1:9400). The public
 * origin has no operator routes: `/status` is reached on this port only (a tunnel or
 * `kubectl port-forward` from elsewhere), with `OPS_TOKEN` when set.
 */
export function startGatewayOps(app: INestApplication, settings: GatewaySettings): Promise<OpsListener> {
  return startOpsListener({
    name: 'gateway',
    registry: app.get(OpsRegistry),
    host: settings.OPS_HOST,
    port: settings.OPS_PORT ?? DEFAULT_OPS_PORTS.gateway,
    token: settings.OPS_TOKEN,
    logger: createLogger('gateway'),
  });
}
