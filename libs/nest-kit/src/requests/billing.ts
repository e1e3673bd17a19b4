import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsEmail, IsInt, IsOptional, IsString, IsUrl, IsUUID, Length, Max, Min } from 'class-validator';
import {
  PACK_MAX_GENERATIONS, SUBSCRIPTION_TEXT_MAX_LENGTH, type AdditionalGenerationsRequest, type CreateSubscriptionRequest, type PurchaseRequest, type StartPackPurchaseRequest,
  type StartSubscriptionRequest,
} from '@lipcast/contracts';
import { RequestDto } from './request-dto';

// The purchases (spec section 7, `/api/stripe/*`): each body as the gateway takes it, and as the billing service takes it with the purchaser.

/** `POST /api/stripe/create-subscription`. */
export class CreateSubscriptionBody extends RequestDto implements CreateSubscriptionRequest {
  @ApiProperty({ description: 'Stripe price id of the monthly plan (from /api/stripe/plans)' })
  @IsString({ message: 'priceId is required' })
  @Length(1, SUBSCRIPTION_TEXT_MAX_LENGTH, { message: 'priceId is required' })
  priceId!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(0, SUBSCRIPTION_TEXT_MAX_LENGTH)
  planName?: string;
}

/** `POST /api/stripe/additional-generations`. */
export class AdditionalGenerationsBody extends RequestDto implements AdditionalGenerationsRequest {
  @ApiProperty({ example: 15 })
  @Type(() => Number)
  @IsInt({ message: 'generations must be a whole number' })
  @Min(1, { message: 'generations must be 1 or more' })
  @Max(PACK_MAX_GENERATIONS, { message: `generations must be ${PACK_MAX_GENERATIONS} or fewer` })
  generations!: number;
}

/** Who pays (the e-mail goes on the Stripe customer for receipts) and where Stripe sends the browser back: the gateway adds it to each purchase (`billing.customer.create.v1` as it is). */
export class PurchaseDto implements PurchaseRequest {
  @IsUUID() userId!: string;
  @IsOptional() @IsEmail() email!: string | null;
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }) origin!: string;
}

/** `billing.subscription.create.v1`. */
export class StartSubscriptionDto extends IntersectionType(CreateSubscriptionBody, PurchaseDto) implements StartSubscriptionRequest {}

/** `billing.pack.checkout.v1`. */
export class StartPackPurchaseDto extends IntersectionType(AdditionalGenerationsBody, PurchaseDto) implements StartPackPurchaseRequest {}
