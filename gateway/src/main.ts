import 'reflect-metadata';
import { validateEnv } from '@lipcast/nest-kit';
import { createGateway } from './create-app';
import { GatewaySettings } from './settings';

const settings = validateEnv(GatewaySettings);
createGateway(settings)
  .then(async (app) => {
    await app.listen(settings.PORT, settings.HOST);
    console.log(`gateway listening on http://${settings.HOST}:${settings.PORT}`);
  })
  .catch((error) => {
    console.error('gateway failed to start:', error);
    process.exit(1);
  });
