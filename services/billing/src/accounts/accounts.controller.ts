import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IsUUID } from 'class-validator';
import { Subjects, type Account, type GetAccountRequest } from '@lipcast/contracts';
import { LedgerService } from '../credits/ledger.service';

class GetAccountDto implements GetAccountRequest {
  @IsUUID()
  userId!: string;
}

@Controller()
export class AccountsController {
  constructor(private readonly ledger: LedgerService) {}

  @MessagePattern(Subjects.billing.accountGet)
  get(@Payload() request: GetAccountDto): Promise<Account> {
    return this.ledger.account(request.userId);
  }
}
