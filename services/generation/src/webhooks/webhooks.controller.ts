import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IsUUID } from 'class-validator';
import {
  Subjects, type CreatedWebhookEndpoint, type WebhookDelivery, type WebhookDeliveryRequest, type WebhookEndpoint, type WebhookEndpointRequest, type WebhookSigningSecret,
} from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { CreateWebhookEndpointDto, WebhookDeliveriesDto } from '@lipcast/nest-kit/requests';
import { UserDto } from '../user.dto';
import { WebhooksService } from './webhooks.service';

class WebhookEndpointDto extends UserDto implements WebhookEndpointRequest {
  @IsUUID('all', { message: 'No such webhook endpoint' }) endpointId!: string;
}

class WebhookDeliveryDto extends UserDto implements WebhookDeliveryRequest {
  @IsUUID('all', { message: 'No such webhook delivery' }) deliveryId!: string;
}

/** Users' webhook endpoints and their delivery log (the API's public routes call these). */
@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Handles(Subjects.generation.webhookEndpointCreate)
  create(@Payload() request: CreateWebhookEndpointDto): Promise<CreatedWebhookEndpoint> {
    return this.webhooks.createEndpoint(request.userId, request.url, request.events);
  }

  @Handles(Subjects.generation.webhookEndpointsList)
  list(@Payload() request: UserDto): Promise<WebhookEndpoint[]> {
    return this.webhooks.listEndpoints(request.userId);
  }

  @Handles(Subjects.generation.webhookEndpointDelete)
  delete(@Payload() request: WebhookEndpointDto): Promise<{ deleted: true }> {
    return this.webhooks.deleteEndpoint(request.userId, request.endpointId);
  }

  @Handles(Subjects.generation.webhookEndpointEnable)
  enable(@Payload() request: WebhookEndpointDto): Promise<WebhookEndpoint> {
    return this.webhooks.enableEndpoint(request.userId, request.endpointId);
  }

  @Handles(Subjects.generation.webhookDeliveriesList)
  deliveries(@Payload() request: WebhookDeliveriesDto): Promise<WebhookDelivery[]> {
    return this.webhooks.listDeliveries(request.userId, request.limit, request.endpointId);
  }

  @Handles(Subjects.generation.webhookRedeliver)
  redeliver(@Payload() request: WebhookDeliveryDto): Promise<WebhookDelivery> {
    return this.webhooks.redeliver(request.userId, request.deliveryId);
  }

  @Handles(Subjects.generation.webhookSigningSecret)
  secret(@Payload() request: UserDto): WebhookSigningSecret {
    return this.webhooks.signingSecret(request.userId);
  }
}
