import { BadRequestException, Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { Subjects } from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';
import { Public } from '../auth/signed-in.guard';

export const REPLICATE_WEBHOOK_PATH = '/api/replicate/webhook';

/**
 * Replicate's reports that a prediction ended (`REPLICATE_WEBHOOK_URL` points here). The signature
 * covers the exact bytes, so the raw body goes to the generation service, which verifies it; a
 * failure answers non-2xx and Replicate retries. Public, so rate limited like every route
 * (`RATE_LIMIT_PER_MINUTE` per client address): forged deliveries cannot flood the service.
 */
@ApiExcludeController()
@Public()
@Controller('replicate')
export class ProviderWebhookController {
  constructor(private readonly services: ServiceClient) {}

  @Post('webhook')
  @HttpCode(200)
  receive(
    @Req() request: RawBodyRequest<Request>,
    @Headers('webhook-id') id?: string,
    @Headers('webhook-timestamp') timestamp?: string,
    @Headers('webhook-signature') signature?: string,
  ): Promise<{ received: true }> {
    if (!request.rawBody?.length || !id || !timestamp || !signature) throw new BadRequestException({ message: 'A signed webhook is required' });
    return this.services.send(Subjects.generation.providerWebhook, { body: request.rawBody.toString('utf8'), id, timestamp, signature });
  }
}
