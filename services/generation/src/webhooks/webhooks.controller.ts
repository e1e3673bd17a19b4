import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import {
  Subjects, WEBHOOK_EVENTS, type CreatedWebhookEndpoint, type CreateWebhookEndpointRequest, type UserRequest, type WebhookDeliveriesRequest,
  type WebhookDelivery, type WebhookDeliveryRequest, type WebhookEndpoint, type WebhookEndpointRequest, type WebhookEvent, type WebhookSigningSecret,
} from '@lipcast/contracts';
import { WebhooksService } from './webhooks.service';

class CreateWebhookEndpointDto implements CreateWebhookEndpointRequest {
  @IsUUID() userId!: string;
  @MaxLength(2000) @Matches(/^https?:\/\/[^\s/?#]+[^\s]*$/i, { message: 'url must be an http or https URL' }) url!: string;
  @IsArray()
  @ArrayMinSize(1, { message: 'events must name at least one event' })
  @ArrayMaxSize(WEBHOOK_EVENTS.length)
  @IsIn(WEBHOOK_EVENTS, { each: true, message: `events must be among ${WEBHOOK_EVENTS.join(', ')}` })
  events!: WebhookEvent[];
}

class WebhookUserDto implements UserRequest {
  @IsUUID() userId!: string;
}

class WebhookEndpointDto implements WebhookEndpointRequest {
  @IsUUID() userId!: string;
  @IsUUID('all', { message: 'No such webhook endpoint' }) endpointId!: string;
}

class WebhookDeliveriesDto implements WebhookDeliveriesRequest {
  @IsUUID() userId!: string;
  @IsOptional() @IsUUID('all', { message: 'No such webhook endpoint' }) endpointId?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) limit?: number;
}

class WebhookDeliveryDto implements WebhookDeliveryRequest {
  @IsUUID() userId!: string;
  @IsUUID('all', { message: 'No such webhook delivery' }) deliveryId!: string;
}

/** Users' webhook endpoints and their delivery log (the API's public routes call these). */
@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @MessagePattern(Subjects.generation.webhookEndpointCreate)
  create(@Payload() request: CreateWebhookEndpointDto): Promise<CreatedWebhookEndpoint> {
    return this.webhooks.createEndpoint(request.userId, request.url, request.events);
  }

  @MessagePattern(Subjects.generation.webhookEndpointsList)
  list(@Payload() request: WebhookUserDto): Promise<WebhookEndpoint[]> {
    return this.webhooks.listEndpoints(request.userId);
  }

  @MessagePattern(Subjects.generation.webhookEndpointDelete)
  delete(@Payload() request: WebhookEndpointDto): Promise<{ deleted: true }> {
    return this.webhooks.deleteEndpoint(request.userId, request.endpointId);
  }

  @MessagePattern(Subjects.generation.webhookEndpointEnable)
  enable(@Payload() request: WebhookEndpointDto): Promise<WebhookEndpoint> {
    return this.webhooks.enableEndpoint(request.userId, request.endpointId);
  }

  @MessagePattern(Subjects.generation.webhookDeliveriesList)
  deliveries(@Payload() request: WebhookDeliveriesDto): Promise<WebhookDelivery[]> {
    return this.webhooks.listDeliveries(request.userId, request.limit, request.endpointId);
  }

  @MessagePattern(Subjects.generation.webhookRedeliver)
  redeliver(@Payload() request: WebhookDeliveryDto): Promise<WebhookDelivery> {
    return this.webhooks.redeliver(request.userId, request.deliveryId);
  }

  @MessagePattern(Subjects.generation.webhookSigningSecret)
  secret(@Payload() request: WebhookUserDto): WebhookSigningSecret {
    return this.webhooks.signingSecret(request.userId);
  }
}
