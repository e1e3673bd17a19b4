import { IsString, Length } from 'class-validator';
import type { StripeWebhookRequest } from '@lipcast/contracts';

// The Stripe subjects' requests but the purchases', which are in @lipcast/nest-kit/requests (the gateway checks them too).

export class StripeWebhookDto implements StripeWebhookRequest {
  @IsString()
  @Length(1, 1_000_000)
  payload!: string;

  @IsString()
  @Length(1, 2000)
  signature!: string;
}
