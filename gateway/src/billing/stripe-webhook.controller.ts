import { BadRequestException, Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request } from 'express';
import { STRIPE_REQUEST_TIMEOUT_MS, Subjects, type StripeWebhookResult } from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';
import { Public } from '../auth/signed-in.guard';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/**
 * Stripe's event deliveries. The signature covers the exact bytes, so the raw body goes to the
 * billing service, which verifies and applies it; any failure answers non-2xx and Stripe retries.
 */
@ApiExcludeController()
@Public()
@SkipThrottle()
@Controller('stripe')
export class StripeWebhookController {
  constructor(private readonly services: ServiceClient) {}

  @Post('webhook')
  @HttpCode(200)
  receive(@Req() request: RawBodyRequest<Request>, @Headers('stripe-signature') signature?: string): Promise<StripeWebhookResult> {
    if (!request.rawBody?.length || !signature) throw new BadRequestException({ message: 'A signed Stripe event is required' });
    return this.services.send(Subjects.billing.stripeWebhook, { payload: request.rawBody.toString('utf8'), signature }, STRIPE_REQUEST_TIMEOUT_MS);
  }
}
