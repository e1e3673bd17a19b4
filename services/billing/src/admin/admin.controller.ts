import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, type AdminBillingAccount, type CreditSource, type ReservationStatus } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { AdminCreditAdjustmentRequestDto } from '@lipcast/nest-kit/requests';
import { LedgerService } from '../credits/ledger.service';
import { JobDto, UserDto } from '../requests';
import { AdminAccountsService } from './admin-accounts.service';

/** The operator console's requests (the gateway lets only operators send them, and audits each write). */
@Controller()
export class BillingAdminController {
  constructor(
    private readonly accounts: AdminAccountsService,
    private readonly ledger: LedgerService,
  ) {}

  @Handles(Subjects.billing.adminAccountGet)
  account(@Payload() request: UserDto): Promise<AdminBillingAccount> {
    return this.accounts.account(request.userId);
  }

  @Handles(Subjects.billing.adminCreditsAdjust)
  async adjust(@Payload() request: AdminCreditAdjustmentRequestDto): Promise<AdminBillingAccount> {
    await this.ledger.adjust({ ...request, reason: request.reason.trim(), jobId: request.jobId ?? null });
    return this.accounts.account(request.userId);
  }

  @Handles(Subjects.billing.adminReservationGet)
  reservation(@Payload() request: JobDto): Promise<{ status: ReservationStatus; source: CreditSource } | null> {
    return this.accounts.reservation(request.jobId);
  }
}
