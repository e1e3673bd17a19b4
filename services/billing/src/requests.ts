import { IsString, IsUUID, Length } from 'class-validator';
import type { GetAccountRequest, StripeWebhookRequest } from '@lipcast/contracts';

// Purchases' requests are in @lipcast/nest-kit/requests (the gateway checks them too).

/** A request about one user: their account, subscription or ledger. */
export class UserDto implements GetAccountRequest {
  @IsUUID()
  userId!: string;
}

/** A request about one job's reservation. */
export class JobDto {
  @IsString()
  @Length(1, 100)
  jobId!: string;
}

export class StripeWebhookDto implements StripeWebhookRequest {
  @IsString()
  @Length(1, 1_000_000)
  payload!: string;

  @IsString()
  @Length(1, 2000)
  signature!: string;
}
