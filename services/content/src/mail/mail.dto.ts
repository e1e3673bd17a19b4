import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, MinLength } from 'class-validator';
import { JOB_KINDS, type JobKind, type PaymentMailKind, type PaymentMailRequest, type VideoReadyMailRequest, type WebhookDisabledMailRequest } from '@lipcast/contracts';

const PAYMENT_MAIL_KINDS = ['premium', 'pack'] as const satisfies readonly PaymentMailKind[];

export class UserIdDto {
  @IsUUID() userId!: string;
}

export class VideoReadyMailDto implements VideoReadyMailRequest {
  @IsUUID() userId!: string;
  @IsUUID() jobId!: string;
  @IsIn(JOB_KINDS) kind!: JobKind;
}

export class PaymentMailDto implements PaymentMailRequest {
  @IsUUID() userId!: string;
  @IsIn(PAYMENT_MAIL_KINDS) kind!: PaymentMailKind;
  @IsString() @MinLength(1) @MaxLength(200) paymentId!: string;
  @IsOptional() @IsInt() @Min(1) @Max(10_000) generations?: number;
}

export class WebhookDisabledMailDto implements WebhookDisabledMailRequest {
  @IsUUID() userId!: string;
  @IsUUID() endpointId!: string;
  // Endpoint URLs are at most 2000 characters (generation's CreateWebhookEndpointDto).
  @IsString() @MinLength(1) @MaxLength(2000) url!: string;
  @IsInt() @Min(1) failures!: number;
  @IsUUID() deliveryId!: string;
}
