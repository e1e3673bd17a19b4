import { Controller, Get, Logger, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import type { ReadinessResponse } from '@lipcast/contracts';
import { OpsRegistry, PROBE_TIMEOUT_MS } from '@lipcast/nest-kit';
import { Public } from '../auth/signed-in.guard';

@ApiTags('health')
@SkipThrottle()
@Public()
@Controller()
export class HealthController {
  private readonly logger = new Logger('readiness');

  constructor(private readonly ops: OpsRegistry) {}

  /** Liveness: the process answers. */
  @Get('health')
  health() {
    return { status: 'ok' };
  }

  /**
   * Readiness: the gateway's own PostgreSQL and NATS connections answer. A service or the object
   * store being away makes only the routes that need it answer 503; operators see it on `/status`
   * (see readiness.ts). The public answer says only up or down per check; the errors go to the log
   * (with the request id) and to the operator-only `/status`.
   */
  @Get('ready')
  async ready(@Res({ passthrough: true }) response: Response): Promise<ReadinessResponse> {
    const states = await this.ops.check(PROBE_TIMEOUT_MS, { readinessOnly: true });
    const failing = Object.entries(states).filter(([, state]) => !state.ok);
    if (failing.length) this.logger.warn(`not ready: ${failing.map(([name, state]) => `${name} (${state.error})`).join('; ')}`);
    response.status(failing.length ? 503 : 200);
    return {
      status: failing.length ? 'unavailable' : 'ok',
      checks: Object.fromEntries(Object.entries(states).map(([name, state]) => [name, { status: state.ok ? 'up' : 'down' }])),
    };
  }
}
