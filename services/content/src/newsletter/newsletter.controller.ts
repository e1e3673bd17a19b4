import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IsString, Matches } from 'class-validator';
import { Subjects, type NewsletterConfirmed, type NewsletterSubscribeResponse, type NewsletterTokenRequest, type NewsletterUnsubscribed } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { SubscribeBody } from '@lipcast/nest-kit/requests';
import { NewsletterService } from './newsletter.service';

class NewsletterTokenDto implements NewsletterTokenRequest {
  @IsString()
  @Matches(/^[0-9a-f]{64}$/, { message: 'This link is not valid. Please copy the whole link from the mail.' })
  token!: string;
}

@Controller()
export class NewsletterController {
  constructor(private readonly newsletter: NewsletterService) {}

  @Handles(Subjects.content.newsletterSubscribe)
  async subscribe(@Payload() request: SubscribeBody): Promise<NewsletterSubscribeResponse> {
    await this.newsletter.subscribe(request.email);
    return { subscribed: true };
  }

  @Handles(Subjects.content.newsletterConfirm)
  async confirm(@Payload() request: NewsletterTokenDto): Promise<NewsletterConfirmed> {
    const { email } = await this.newsletter.confirm(request.token);
    return { confirmed: true, email };
  }

  @Handles(Subjects.content.newsletterUnsubscribe)
  async unsubscribe(@Payload() request: NewsletterTokenDto): Promise<NewsletterUnsubscribed> {
    await this.newsletter.unsubscribe(request.token);
    return { unsubscribed: true };
  }
}
