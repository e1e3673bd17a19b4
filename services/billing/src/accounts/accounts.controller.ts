import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IsInt, IsUUID, Max, Min } from 'class-validator';
import {
  FREE_GENERATIONS, Subjects, type Account, type CarryFreeUsedRequest, type FreeGenerationsUsed, type FreeUsedCarried, type GetAccountRequest,
} from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { LedgerService } from '../credits/ledger.service';
import { AccountDeletionService } from './account-deletion.service';

class GetAccountDto implements GetAccountRequest {
  @IsUUID()
  userId!: string;
}

class CarryFreeUsedDto implements CarryFreeUsedRequest {
  @IsUUID()
  userId!: string;

  @IsInt()
  @Min(0)
  @Max(FREE_GENERATIONS)
  freeUsed!: number;
}

@Controller()
export class AccountsController {
  constructor(
    private readonly ledger: LedgerService,
    private readonly deletion: AccountDeletionService,
  ) {}

  /** Account deletion: subscriptions ended, the ledger kept under an anonymous id. */
  @Handles(Subjects.billing.accountDelete)
  delete(@Payload() request: GetAccountDto): Promise<{ deleted: true }> {
    return this.deletion.delete(request.userId);
  }

  /** Account deletion, asked by auth before the ledger is anonymised: what the identity keeps. */
  @Handles(Subjects.billing.accountFreeUsed)
  freeUsed(@Payload() request: GetAccountDto): Promise<FreeGenerationsUsed> {
    return this.ledger.freeUsed(request.userId);
  }

  /** From auth, at the sign-in of an identity whose earlier account was deleted. */
  @Handles(Subjects.billing.accountCarryFreeUsed)
  carryFreeUsed(@Payload() request: CarryFreeUsedDto): Promise<FreeUsedCarried> {
    return this.ledger.carryFreeUsed(request.userId, request.freeUsed);
  }

  @Handles(Subjects.billing.accountGet)
  get(@Payload() request: GetAccountDto): Promise<Account> {
    return this.ledger.account(request.userId);
  }
}
