import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, type Account, type CheckoutStart, type CreateCustomerResponse, type StripeConfig, type StripeWebhookResult } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { PurchaseDto, StartPackPurchaseDto, StartSubscriptionDto } from '@lipcast/nest-kit/requests';
import { StripeWebhookDto, UserDto } from '../requests';
import { BillingSettings } from '../settings';
import { CheckoutService } from './checkout.service';
import { CustomersService } from './customers.service';
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

  @Handles(Subjects.billing.stripeConfig)
  config(): StripeConfig {
    return { publishableKey: this.settings.STRIPE_PUBLISHABLE_KEY ?? null, checkout: this.settings.checkoutMode };
  }

  @Handles(Subjects.billing.customerCreate)
  async createCustomer(@Payload() request: PurchaseDto): Promise<CreateCustomerResponse> {
    return { customerId: await this.customers.ensureCustomer(request.userId, request.email) };
  }

  @Handles(Subjects.billing.subscriptionCreate)
  createSubscription(@Payload() request: StartSubscriptionDto): Promise<CheckoutStart> {
    return this.checkout.startSubscription(request);
  }

  @Handles(Subjects.billing.packCheckout)
  buyPack(@Payload() request: StartPackPurchaseDto): Promise<CheckoutStart> {
    return this.checkout.startPackPurchase(request);
  }

  @Handles(Subjects.billing.subscriptionSync)
  sync(@Payload() request: UserDto): Promise<Account> {
    return this.subscriptions.sync(request.userId);
  }

  @Handles(Subjects.billing.subscriptionCancel)
  cancel(@Payload() request: UserDto): Promise<Account> {
    return this.subscriptions.cancel(request.userId);
  }

  @Handles(Subjects.billing.stripeWebhook)
  webhook(@Payload() request: StripeWebhookDto): Promise<StripeWebhookResult> {
    return this.webhooks.receive(request);
  }
}
