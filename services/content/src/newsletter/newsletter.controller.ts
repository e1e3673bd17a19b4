import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Subjects, type NewsletterSubscribeResponse } from '@lipcast/contracts';
import { NewsletterService } from './newsletter.service';
import { SubscribeDto } from './subscribe.dto';

@Controller()
export class NewsletterController {
  constructor(private readonly newsletter: NewsletterService) {}

  @MessagePattern(Subjects.content.newsletterSubscribe)
  async subscribe(@Payload() request: SubscribeDto): Promise<NewsletterSubscribeResponse> {
    await this.newsletter.subscribe(request.email);
    return { subscribed: true };
  }
}
