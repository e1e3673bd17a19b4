import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { pingSubject, SERVICE_NAMES, type CheckStatus, type PingResponse, type ReadinessResponse } from '@lipcast/contracts';
import { ServiceClient, StorageService } from '@lipcast/nest-kit';
import pg from 'pg';
import { Public } from '../auth/signed-in.guard';

const CHECK_TIMEOUT_MS = 2000;

type Check = { status: CheckStatus; message?: string };

async function check(probe: () => Promise<unknown>): Promise<Check> {
  try {
    await probe();
    return { status: 'up' };
  } catch (error) {
    return { status: 'down', message: error instanceof Error ? error.message : String(error) };
  }
}

@ApiTags('health')
@SkipThrottle()
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly services: ServiceClient,
    private readonly storage: StorageService,
    private readonly database: pg.Pool,
  ) {}

  /** Liveness: the process answers. */
  @Get('health')
  health() {
    return { status: 'ok' };
  }

  /** Readiness: PostgreSQL, NATS, the object store and every service answer. */
  @Get('ready')
  async ready(@Res({ passthrough: true }) response: Response): Promise<ReadinessResponse> {
    const entries = await Promise.all([
      check(() => this.database.query('select 1')).then((result) => ['postgres', result] as const),
      check(() => this.services.ping(CHECK_TIMEOUT_MS)).then((result) => ['nats', result] as const),
      check(async () => {
        if (!(await this.storage.ping())) throw new Error(`bucket ${this.storage.bucket} is missing`);
      }).then((result) => ['objectStore', result] as const),
      ...SERVICE_NAMES.map((service) =>
        check(async () => {
          const pong = await this.services.send<PingResponse>(pingSubject(service), {}, CHECK_TIMEOUT_MS);
          if (pong.database !== 'up') throw new Error('its database is down');
        }).then((result) => [service, result] as const),
      ),
    ]);
    const checks = Object.fromEntries(entries) as ReadinessResponse['checks'];
    const ready = Object.values(checks).every((entry) => entry.status === 'up');
    response.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not-ready', checks };
  }
}
