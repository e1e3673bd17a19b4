import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IsEmail, IsInt, IsOptional, IsString, IsUrl, IsUUID, Length, Max, Min } from 'class-validator';
import {
  Subjects, type Account, type CheckoutStart, type CreateCustomerResponse, type GetAccountRequest, type StartPackPurchaseRequest,
  type StartSubscriptionRequest, type StripeConfig, type StripeWebhookRequest, type StripeWebhookResult,
} from '@lipcast/contracts';
import { BillingSettings } from '../settings';
import { CheckoutService } from './checkout.service';
import { CustomersService } from './customers.service';
import { SubscriptionsService } from './subscriptions.service';
import { WebhooksService } from './webhooks.service';

class UserDto implements GetAccountRequest {
  @IsUUID()
  userId!: string;
}

class PurchaseDto extends UserDto {
  @IsOptional()
  @IsEmail()
  email!: string | null;

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  origin!: string;
}

class StartSubscriptionDto extends PurchaseDto implements StartSubscriptionRequest {
  @IsString()
  @Length(1, 200)
  priceId!: string;

  @IsOptional()
  @IsString()
  @Length(0, 200)
  planName?: string;
}

class StartPackPurchaseDto extends PurchaseDto implements StartPackPurchaseRequest {
  @IsInt()
  @Min(1)
  @Max(1000)
  generations!: number;
}

class StripeWebhookDto implements StripeWebhookRequest {
  @IsString()
  @Length(1, 1_000_000)
  payload!: string;

  @IsString()
  @Length(1, 2000)
  signature!: string;
}

/** Stripe-backed billing over NATS: configuration, purchases, subscription state and webhooks. */
@Controller()
export class StripeController {
  constructor(
    private readonly settings: BillingSettings,
    private readonly customers: CustomersService,
    private readonly checkout: CheckoutService,
    private readonly subscriptions: SubscriptionsService,
    private readonly webhooks: WebhooksService,
  ) {}

  @MessagePattern(Subjects.billing.stripeConfig)
  config(): StripeConfig {
    return { publishableKey: this.settings.STRIPE_PUBLISHABLE_KEY ?? null, checkout: this.settings.checkoutMode };
  }

  @MessagePattern(Subjects.billing.customerCreate)
  async createCustomer(@Payload() request: PurchaseDto): Promise<CreateCustomerResponse> {
    return { customerId: await this.customers.ensureCustomer(request.userId, request.email) };
  }

  @MessagePattern(Subjects.billing.subscriptionCreate)
  createSubscription(@Payload() request: StartSubscriptionDto): Promise<CheckoutStart> {
    return this.checkout.startSubscription(request);
  }

  @MessagePattern(Subjects.billing.packCheckout)
  buyPack(@Payload() request: StartPackPurchaseDto): Promise<CheckoutStart> {
    return this.checkout.startPackPurchase(request);
  }

  @MessagePattern(Subjects.billing.subscriptionSync)
  sync(@Payload() request: UserDto): Promise<Account> {
    return this.subscriptions.sync(request.userId);
  }

  @MessagePattern(Subjects.billing.subscriptionCancel)
  cancel(@Payload() request: UserDto): Promise<Account> {
    return this.subscriptions.cancel(request.userId);
  }

  @MessagePattern(Subjects.billing.stripeWebhook)
  webhook(@Payload() request: StripeWebhookDto): Promise<StripeWebhookResult> {
    return this.webhooks.receive(request);
  }
}
