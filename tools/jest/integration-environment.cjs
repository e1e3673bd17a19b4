// The integration tests' environment: Node's, on the infrastructure of this Jest worker's lane.
// `npm test` runs integration files in several workers at once, each with its own database, NATS,
// bucket, Stripe stand-in and mail catcher (tools/lib/integration.ts), named LIPCAST_LANE_<n>_<VAR>.
// The worker's real process.env is set here, outside the test's sandbox, so processes a test spawns
// without an explicit env are on the same lane.
'use strict';
const { TestEnvironment } = require('jest-environment-node');

function useLane(env) {
  const prefix = `LIPCAST_LANE_${env.JEST_WORKER_ID ?? '1'}_`;
  for (const [name, value] of Object.entries(env)) if (name.startsWith(prefix)) env[name.slice(prefix.length)] = value;
}

class IntegrationEnvironment extends TestEnvironment {
  constructor(config, context) {
    useLane(process.env);
    super(config, context);
  }
}

module.exports = IntegrationEnvironment;
