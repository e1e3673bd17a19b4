import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IsInt, Max, Min } from 'class-validator';
import {
  FREE_GENERATIONS, Subjects, type Account, type CarryFreeUsedRequest, type FreeGenerationsUsed, type FreeUsedCarried,
} from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { LedgerService } from '../credits/ledger.service';
import { UserDto } from '../requests';
import { AccountDeletionService } from './account-deletion.service';

class CarryFreeUsedDto extends UserDto implements CarryFreeUsedRequest {
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
  delete(@Payload() request: UserDto): Promise<{ deleted: true }> {
    return this.deletion.delete(request.userId);
  }

  /** Account deletion, asked by auth before the ledger is anonymised: what the identity keeps. */
  @Handles(Subjects.billing.accountFreeUsed)
  freeUsed(@Payload() request: UserDto): Promise<FreeGenerationsUsed> {
    return this.ledger.freeUsed(request.userId);
  }

  /** From auth, at the sign-in of an identity whose earlier account was deleted. */
  @Handles(Subjects.billing.accountCarryFreeUsed)
  carryFreeUsed(@Payload() request: CarryFreeUsedDto): Promise<FreeUsedCarried> {
    return this.ledger.carryFreeUsed(request.userId, request.freeUsed);
  }

  @Handles(Subjects.billing.accountGet)
  get(@Payload() request: UserDto): Promise<Account> {
    return this.ledger.account(request.userId);
  }
}
