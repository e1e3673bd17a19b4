import 'reflect-metadata';
import { validateEnv } from '@lipcast/nest-kit';
import { createGateway } from './create-app';
import { startGatewayOps } from './health/readiness';
import { GatewaySettings } from './settings';

const settings = validateEnv(GatewaySettings);
createGateway(settings)
  .then(async (app) => {
    await app.listen(settings.PORT, settings.HOST);
    console.log(`gateway listening on http://${settings.HOST}:${settings.PORT}`);
    await startGatewayOps(app, settings);
  })
  .catch((error) => {
    console.error('gateway failed to start:', error);
    process.exit(1);
  });
