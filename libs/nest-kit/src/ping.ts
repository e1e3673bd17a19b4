import { Controller } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { pingSubject, type PingResponse, type ServiceName } from '@lipcast/contracts';
import { Handles } from './handles';

/** A controller answering `<service>.health.ping.v1` after a round trip to the service's database. */
export function createPingController(service: ServiceName) {
  @Controller()
  class PingController {
    constructor(readonly orm: MikroORM) {}

    @Handles(pingSubject(service))
    async ping(): Promise<PingResponse> {
      const database = await this.orm.em
        .getConnection()
        .execute('select 1')
        .then(() => 'up' as const)
        .catch(() => 'down' as const);
      return { service, database, uptimeSeconds: Math.round(process.uptime()) };
    }
  }
  return PingController;
}
