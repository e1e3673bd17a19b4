import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Length, Max, Min, NotEquals } from 'class-validator';
import {
  ADMIN_CREDIT_DELTA_LIMIT, ADMIN_REASON_MAX_LENGTH, Subjects, type AdminBillingAccount, type AdminCreditAdjustmentRequest, type CreditSource, type ReservationStatus,
} from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { LedgerService } from '../credits/ledger.service';
import { AdminAccountsService } from './admin-accounts.service';

class UserDto {
  @IsUUID() userId!: string;
}

class JobDto {
  @IsString() @Length(1, 100) jobId!: string;
}

class CreditAdjustmentDto implements AdminCreditAdjustmentRequest {
  @IsUUID() userId!: string;
  @Type(() => Number)
  @IsInt({ message: 'delta must be a whole number of generations' })
  @NotEquals(0, { message: 'delta must not be 0' })
  @Min(-ADMIN_CREDIT_DELTA_LIMIT, { message: `delta must be between -${ADMIN_CREDIT_DELTA_LIMIT} and ${ADMIN_CREDIT_DELTA_LIMIT}` })
  @Max(ADMIN_CREDIT_DELTA_LIMIT, { message: `delta must be between -${ADMIN_CREDIT_DELTA_LIMIT} and ${ADMIN_CREDIT_DELTA_LIMIT}` })
  delta!: number;
  @IsString() @Length(3, ADMIN_REASON_MAX_LENGTH, { message: `reason must be 3 to ${ADMIN_REASON_MAX_LENGTH} characters` }) reason!: string;
  @IsOptional() @IsString() @Length(1, 100) jobId?: string;
  @IsUUID() operatorId!: string;
  @IsString() @Length(1, 200) operatorName!: string;
}

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
  async adjust(@Payload() request: CreditAdjustmentDto): Promise<AdminBillingAccount> {
    await this.ledger.adjust({ ...request, reason: request.reason.trim(), jobId: request.jobId ?? null });
    return this.accounts.account(request.userId);
  }

  @Handles(Subjects.billing.adminReservationGet)
  reservation(@Payload() request: JobDto): Promise<{ status: ReservationStatus; source: CreditSource } | null> {
    return this.accounts.reservation(request.jobId);
  }
}
