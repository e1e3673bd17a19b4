import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Subjects, type Account, type CheckoutStart, type CreateCustomerResponse, type StripeConfig, type StripeWebhookResult } from '@lipcast/contracts';
import { BillingSettings } from '../settings';
import { CheckoutService } from './checkout.service';
import { CustomersService } from './customers.service';
import { PurchaseDto, StartPackPurchaseDto, StartSubscriptionDto, StripeWebhookDto, UserDto } from './stripe.dto';
import { SubscriptionsService } from './subscriptions.service';
import { WebhooksService } from './webhooks.service';

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
