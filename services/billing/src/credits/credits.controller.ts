import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IsString, Length } from 'class-validator';
import { Subjects, type CreditRequest, type Reservation } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { JobDto, UserDto } from '../requests';
import { LedgerService } from './ledger.service';

class CreditRequestDto extends UserDto implements CreditRequest {
  @IsString()
  @Length(1, 100)
  jobId!: string;
}

@Controller()
export class CreditsController {
  constructor(private readonly ledger: LedgerService) {}

  @Handles(Subjects.billing.creditsCheck)
  check(@Payload() request: UserDto): Promise<{ available: true }> {
    return this.ledger.check(request.userId);
  }

  @Handles(Subjects.billing.creditsReserve)
  reserve(@Payload() request: CreditRequestDto): Promise<Reservation> {
    return this.ledger.reserve(request.userId, request.jobId);
  }

  @Handles(Subjects.billing.creditsCommit)
  commit(@Payload() request: JobDto): Promise<Reservation> {
    return this.ledger.commit(request.jobId);
  }

  @Handles(Subjects.billing.creditsRelease)
  release(@Payload() request: JobDto): Promise<Reservation> {
    return this.ledger.release(request.jobId);
  }
}
