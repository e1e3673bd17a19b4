import { defineService } from '@lipcast/nest-kit';
import { ormConfig } from './mikro-orm.config';
import { AccountsController } from './accounts/accounts.controller';
import { CreditsController } from './credits/credits.controller';
import { LedgerService } from './credits/ledger.service';
import { PlansController } from './plans/plans.controller';

/** Plans, the credit ledger and Stripe customers and subscriptions. */
export const billingService = defineService({ name: 'billing', ormConfig, controllers: [PlansController, AccountsController, CreditsController], providers: [LedgerService] });
