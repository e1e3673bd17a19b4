import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IsUUID } from 'class-validator';
import { Subjects, type Account, type GetAccountRequest } from '@lipcast/contracts';
import { LedgerService } from '../credits/ledger.service';
import { AccountDeletionService } from './account-deletion.service';

class GetAccountDto implements GetAccountRequest {
  @IsUUID()
  userId!: string;
}

@Controller()
export class AccountsController {
  constructor(
    private readonly ledger: LedgerService,
    private readonly deletion: AccountDeletionService,
  ) {}

  /** Account deletion: subscriptions ended, the ledger kept under an anonymous id. */
  @MessagePattern(Subjects.billing.accountDelete)
  delete(@Payload() request: GetAccountDto): Promise<{ deleted: true }> {
    return this.deletion.delete(request.userId);
  }

  @MessagePattern(Subjects.billing.accountGet)
  get(@Payload() request: GetAccountDto): Promise<Account> {
    return this.ledger.account(request.userId);
  }
}
