import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IsIn, IsUUID } from 'class-validator';
import { QUOTA_KINDS, Subjects, type ConsumeQuotaRequest, type QuotaConsumed, type QuotaKind } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { QuotasService } from './quotas.service';

class ConsumeQuotaDto implements ConsumeQuotaRequest {
  @IsUUID()
  userId!: string;

  @IsIn(QUOTA_KINDS, { message: `kind must be one of ${QUOTA_KINDS.join(', ')}` })
  kind!: QuotaKind;
}

@Controller()
export class QuotasController {
  constructor(private readonly quotas: QuotasService) {}

  @Handles(Subjects.billing.quotaConsume)
  consume(@Payload() request: ConsumeQuotaDto): Promise<QuotaConsumed> {
    return this.quotas.consume(request.userId, request.kind);
  }
}
