import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { IsString, MaxLength } from 'class-validator';
import {
  EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE, Subjects, type NewsletterSubscribeRequest, type NewsletterSubscribeResponse,
} from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';
import { Public } from '../auth/signed-in.guard';

/** Only the shape is checked here; the content service validates the address itself (one rule, one place). */
export class SubscribeBody implements NewsletterSubscribeRequest {
  @ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH })
  @IsString({ message: INVALID_EMAIL_MESSAGE })
  @MaxLength(EMAIL_MAX_LENGTH, { message: `The e-mail address must be at most ${EMAIL_MAX_LENGTH} characters` })
  email!: string;
}

@ApiTags('newsletter')
@Public()
@Controller('newsletter')
export class NewsletterController {
  constructor(private readonly services: ServiceClient) {}

  /** Idempotent: an address already on the list answers `{subscribed: true}` too. */
  @Post()
  @HttpCode(200)
  // Public and writing: a low limit per address keeps the list from being flooded.
  @Throttle({ api: { limit: 10, ttl: 60_000 } })
  subscribe(@Body() body: SubscribeBody): Promise<NewsletterSubscribeResponse> {
    return this.services.send<NewsletterSubscribeResponse>(Subjects.content.newsletterSubscribe, { email: body.email });
  }
}
