import { IsString, IsUUID, Length } from 'class-validator';
import type { GetAccountRequest, StripeWebhookRequest } from '@lipcast/contracts';

// The Stripe subjects' requests but the purchases', which are in @lipcast/nest-kit/requests (the gateway checks them too).

export class UserDto implements GetAccountRequest {
  @IsUUID()
  userId!: string;
}

export class StripeWebhookDto implements StripeWebhookRequest {
  @IsString()
  @Length(1, 1_000_000)
  payload!: string;

  @IsString()
  @Length(1, 2000)
  signature!: string;
}
