import { defineService, ServiceClientModule } from '@lipcast/nest-kit';
import { ormConfig } from './mikro-orm.config';
import { AdminAccountsService } from './admin/admin-accounts.service';
import { BillingAdminController } from './admin/admin.controller';
import { AccountDeletionService } from './accounts/account-deletion.service';
import { AccountsController } from './accounts/accounts.controller';
import { Clock } from './clock';
import { CreditsController } from './credits/credits.controller';
import { LedgerRepository } from './credits/ledger.repository';
import { LedgerService } from './credits/ledger.service';
import { PlansController } from './plans/plans.controller';
import { PlansRepository } from './plans/plans.repository';
import { QuotasController } from './quotas/quotas.controller';
import { QuotasRepository } from './quotas/quotas.repository';
import { QuotasService } from './quotas/quotas.service';
import { BillingSettings } from './settings';
import { CheckoutService } from './stripe/checkout.service';
import { CustomersRepository } from './stripe/customers.repository';
import { CustomersService } from './stripe/customers.service';
import { PaymentMails } from './stripe/payment-mails';
import { PriceCatalog } from './stripe/price-catalog.service';
import { StripeController } from './stripe/stripe.controller';
import { StripeEventsRepository } from './stripe/stripe-events.repository';
import { stripeProvider } from './stripe/stripe.provider';
import { SubscriptionsService } from './stripe/subscriptions.service';
import { WebhooksService } from './stripe/webhooks.service';

/** Plans, the credit ledger, daily preview quotas and Stripe customers, subscriptions and payments. */
export const billingService = defineService({
  name: 'billing',
  ormConfig,
  settings: BillingSettings,
  // Asks content for the payments' companion mails.
  imports: (settings) => [ServiceClientModule.forRoot({ url: settings.NATS_URL, credentials: settings, role: 'billing', name: 'lipcast-billing-client' })],
  controllers: [PlansController, AccountsController, CreditsController, QuotasController, StripeController, BillingAdminController],
  providers: [
    stripeProvider,
    Clock,
    LedgerRepository,
    QuotasRepository,
    PlansRepository,
    CustomersRepository,
    StripeEventsRepository,
    AccountDeletionService,
    QuotasService,
    LedgerService,
    PriceCatalog,
    CustomersService,
    CheckoutService,
    SubscriptionsService,
    WebhooksService,
    AdminAccountsService,
    PaymentMails,
  ],
});
