import { IsEmail, IsInt, IsOptional, IsString, IsUrl, IsUUID, Length, Max, Min } from 'class-validator';
import type { GetAccountRequest, StartPackPurchaseRequest, StartSubscriptionRequest, StripeWebhookRequest } from '@lipcast/contracts';

// The requests of the Stripe subjects (the gateway adds the signed-in user's id); the service's ValidationPipe checks them.

export class UserDto implements GetAccountRequest {
  @IsUUID()
  userId!: string;
}

export class PurchaseDto extends UserDto {
  @IsOptional()
  @IsEmail()
  email!: string | null;

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  origin!: string;
}

export class StartSubscriptionDto extends PurchaseDto implements StartSubscriptionRequest {
  @IsString()
  @Length(1, 200)
  priceId!: string;

  @IsOptional()
  @IsString()
  @Length(0, 200)
  planName?: string;
}

export class StartPackPurchaseDto extends PurchaseDto implements StartPackPurchaseRequest {
  @IsInt()
  @Min(1)
  @Max(1000)
  generations!: number;
}

export class StripeWebhookDto implements StripeWebhookRequest {
  @IsString()
  @Length(1, 1_000_000)
  payload!: string;

  @IsString()
  @Length(1, 2000)
  signature!: string;
}
