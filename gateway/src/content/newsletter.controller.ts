import { Body, Controller, Get, Header, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { Response } from 'express';
import { IsString, MaxLength } from 'class-validator';
import { ErrorCode, Subjects, type NewsletterSubscribeResponse } from '@lipcast/contracts';
import { ServiceClient, ServiceError } from '@lipcast/nest-kit';
import { SubscribeBody } from '@lipcast/nest-kit/requests';
import { Public } from '../auth/signed-in.guard';
import { confirmedPage, confirmPage, invalidLinkPage, unsubscribedPage, unsubscribePage } from './newsletter-pages';

/** A newsletter link's token (64 hex characters); the content service checks it. */
export class NewsletterTokenBody {
  @IsString()
  @MaxLength(200)
  token!: string;
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
    return this.services.send(Subjects.content.newsletterSubscribe, { email: body.email });
  }

  /**
   * The confirmation link of the double opt-in mail: a page whose button confirms. The GET changes
   * nothing: mail scanners open every link in a mail, and must not sign up an address nobody asked for.
   */
  @Get('confirm')
  @ApiExcludeEndpoint()
  @Header('cache-control', 'no-store')
  confirmPage(@Query('token') token: unknown, @Res() response: Response): void {
    response.status(200).type('html').send(confirmPage(typeof token === 'string' ? token : ''));
  }

  /** The confirmation page's button: activates the sign-up and says so (an HTML page). */
  @Post('confirm')
  @ApiExcludeEndpoint()
  @Header('cache-control', 'no-store')
  @Throttle({ api: { limit: 30, ttl: 60_000 } })
  async confirm(@Body() body: NewsletterTokenBody, @Res() response: Response): Promise<void> {
    try {
      const confirmed = await this.services.send(Subjects.content.newsletterConfirm, { token: body.token });
      response.status(200).type('html').send(confirmedPage(confirmed.email));
    } catch (error) {
      if (!(error instanceof ServiceError) || (error.code !== ErrorCode.NotFound && error.code !== ErrorCode.Validation)) throw error;
      response.status(error.code === ErrorCode.NotFound ? 404 : 400).type('html').send(invalidLinkPage(error.message));
    }
  }

  /** The unsubscribe link of every newsletter mail: a page whose button unsubscribes (mail scanners open links, people press buttons). */
  @Get('unsubscribe')
  @ApiExcludeEndpoint()
  @Header('cache-control', 'no-store')
  unsubscribePage(@Query('token') token: unknown, @Res() response: Response): void {
    response.status(200).type('html').send(unsubscribePage(typeof token === 'string' ? token : ''));
  }

  @Post('unsubscribe')
  @ApiExcludeEndpoint()
  @Header('cache-control', 'no-store')
  @Throttle({ api: { limit: 30, ttl: 60_000 } })
  async unsubscribe(@Body() body: NewsletterTokenBody, @Res() response: Response): Promise<void> {
    try {
      await this.services.send(Subjects.content.newsletterUnsubscribe, { token: body.token });
      response.status(200).type('html').send(unsubscribedPage());
    } catch (error) {
      if (!(error instanceof ServiceError) || error.code !== ErrorCode.Validation) throw error;
      response.status(400).type('html').send(invalidLinkPage(error.message));
    }
  }
}
