import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, type MailOutcome, type MailPreferences } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { UserMailPreferencesDto } from '@lipcast/nest-kit/requests';
import { PaymentMailDto, UserIdDto, VideoReadyMailDto, WebhookDisabledMailDto } from './mail.dto';
import { MailService } from './mail.service';

@Controller()
export class MailController {
  constructor(private readonly mail: MailService) {}

  @Handles(Subjects.content.mailVideoReady)
  videoReady(@Payload() request: VideoReadyMailDto): Promise<MailOutcome> {
    return this.mail.videoReady(request);
  }

  @Handles(Subjects.content.mailPaymentConfirmed)
  paymentConfirmed(@Payload() request: PaymentMailDto): Promise<MailOutcome> {
    return this.mail.paymentConfirmed(request);
  }

  @Handles(Subjects.content.mailWebhookDisabled)
  webhookDisabled(@Payload() request: WebhookDisabledMailDto): Promise<MailOutcome> {
    return this.mail.webhookDisabled(request);
  }

  @Handles(Subjects.content.mailPreferencesGet)
  preferences(@Payload() request: UserIdDto): Promise<MailPreferences> {
    return this.mail.preferences(request.userId);
  }

  @Handles(Subjects.content.userDelete)
  async deleteUser(@Payload() request: UserIdDto): Promise<{ deleted: true }> {
    await this.mail.deleteUser(request.userId);
    return { deleted: true };
  }

  @Handles(Subjects.content.mailPreferencesSet)
  setPreferences(@Payload() request: UserMailPreferencesDto): Promise<MailPreferences> {
    return this.mail.setPreferences(request.userId, { videoReady: request.videoReady });
  }
}
