import 'reflect-metadata';
import { createLogger, flushTracing, startTracing, stopOnSignals, validateEnv } from '@lipcast/nest-kit';
import { createGateway } from './create-app';
import { startGatewayOps } from './health/readiness';
import { drainGateway } from './http/draining';
import { GatewaySettings } from './settings';

// First: with OTEL_EXPORTER_OTLP_ENDPOINT set, HTTP, pg and NATS are traced from the first request.
startTracing('gateway');
const settings = validateEnv(GatewaySettings);
const logger = createLogger('gateway');
const started = createGateway(settings).then(async (app) => {
  await app.listen(settings.PORT, settings.HOST);
  console.log(`gateway listening on http://${settings.HOST}:${settings.PORT}`);
  return { app, ops: await startGatewayOps(app, settings) };
});
started.catch((error) => {
  console.error('gateway failed to start:', error);
  process.exit(1);
});
// SIGTERM: stop accepting, answer held requests (202) and end event streams, finish the rest, exit.
stopOnSignals('gateway', settings.SHUTDOWN_GRACE_SECONDS, logger, async () => {
  const { app, ops } = await started;
  await drainGateway(app, settings.SHUTDOWN_GRACE_SECONDS * 1000, logger);
  await ops.close();
  await flushTracing();
});
