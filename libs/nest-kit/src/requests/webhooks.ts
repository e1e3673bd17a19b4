import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsUUID, Matches, MaxLength } from 'class-validator';
import {
  WEBHOOK_DELIVERIES_DEFAULT_LIMIT, WEBHOOK_DELIVERIES_MAX_LIMIT, WEBHOOK_EVENTS, WEBHOOK_URL_MAX_LENGTH, type CreateWebhookEndpointBody, type CreateWebhookEndpointRequest,
  type WebhookDeliveriesRequest, type WebhookEvent,
} from '@lipcast/contracts';
import { EmptyAsAbsent, LimitField, RequestDto } from './request-dto';

// The public API's and the profile's webhook endpoints and delivery log (`/api/v1/webhooks`, `/api/webhooks`).

const ENDPOINT_ID_EXAMPLE = '0b7e4f2a-5c1d-4e8f-9a36-7d2c1b9e8f40';
const NO_SUCH_ENDPOINT = 'No such webhook endpoint';

/** `POST /api/v1/webhooks` and `POST /api/webhooks`. */
export class CreateWebhookBodyDto extends RequestDto implements CreateWebhookEndpointBody {
  @ApiProperty({ example: 'https://example.com/hooks/lipcast', maxLength: WEBHOOK_URL_MAX_LENGTH, description: 'an http(s) URL that answers 2xx within 10 s' })
  @MaxLength(WEBHOOK_URL_MAX_LENGTH)
  @Matches(/^https?:\/\/[^\s/?#]+[^\s]*$/i, { message: 'url must be an http or https URL' })
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true, example: ['video.succeeded', 'video.failed'], description: 'at least one' })
  @IsArray()
  @ArrayMinSize(1, { message: 'events must name at least one event' })
  @ArrayMaxSize(WEBHOOK_EVENTS.length)
  @IsIn(WEBHOOK_EVENTS, { each: true, message: `events must be among ${WEBHOOK_EVENTS.join(', ')}` })
  events!: WebhookEvent[];
}

export class CreateWebhookEndpointDto extends CreateWebhookBodyDto implements CreateWebhookEndpointRequest {
  @IsUUID() userId!: string;
}

/** `GET …/webhooks/deliveries?endpoint_id=&limit=`: absent, not empty, `?endpoint_id=&limit=` asks for every endpoint's, the default number. */
export class ListWebhookDeliveriesQueryDto extends RequestDto {
  @ApiPropertyOptional({ format: 'uuid', example: ENDPOINT_ID_EXAMPLE, description: "only this endpoint's deliveries" })
  @EmptyAsAbsent()
  @IsOptional()
  @IsUUID('all', { message: NO_SUCH_ENDPOINT })
  endpoint_id?: string;

  @LimitField(WEBHOOK_DELIVERIES_MAX_LIMIT, WEBHOOK_DELIVERIES_DEFAULT_LIMIT)
  limit?: number;
}

export class WebhookDeliveriesDto extends RequestDto implements WebhookDeliveriesRequest {
  @IsUUID() userId!: string;

  @IsOptional()
  @IsUUID('all', { message: NO_SUCH_ENDPOINT })
  endpointId?: string;

  @LimitField(WEBHOOK_DELIVERIES_MAX_LIMIT, WEBHOOK_DELIVERIES_DEFAULT_LIMIT)
  limit?: number;
}
