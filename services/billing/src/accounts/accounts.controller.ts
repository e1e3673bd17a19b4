import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IsUUID } from 'class-validator';
import { Subjects, type Account, type GetAccountRequest } from '@lipcast/contracts';

class GetAccountDto implements GetAccountRequest {
  @IsUUID()
  userId!: string;
}

@Controller()
export class AccountsController {
  /**
   * Every user is on the free tier with nothing used until the credit ledger and Stripe land
   * (the billing work); the contract is final, so the gateway composes it already.
   */
  @MessagePattern(Subjects.billing.accountGet)
  get(@Payload() _request: GetAccountDto): Account {
    return { generationsCount: 0, subscriptionStatus: null, subscriptionPlan: null, subscriptionPeriodEnd: null };
  }
}
