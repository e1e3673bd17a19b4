import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IsString, MaxLength } from 'class-validator';
import { Subjects, type ProviderWebhookRequest } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { ProviderCallsService } from './provider-calls.service';

class ProviderWebhookDto implements ProviderWebhookRequest {
  @IsString() @MaxLength(1_000_000) body!: string;
  @IsString() @MaxLength(200) id!: string;
  @IsString() @MaxLength(50) timestamp!: string;
  @IsString() @MaxLength(2000) signature!: string;
}

@Controller()
export class ProviderWebhooksController {
  constructor(private readonly providerCalls: ProviderCallsService) {}

  /** A signed report that a prediction ended: checked, recorded once, its job resumed. */
  @Handles(Subjects.generation.providerWebhook)
  receive(@Payload() delivery: ProviderWebhookDto): Promise<{ received: true }> {
    return this.providerCalls.webhook(delivery);
  }
}
