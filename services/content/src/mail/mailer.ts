import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { ErrorCode } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { ContentSettings } from '../settings';
import type { RenderedMail } from './templates';

/** Sends rendered mail through the SMTP relay of `SMTP_URL` (nodemailer): the one place mail leaves the platform. */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter | null;

  constructor(private readonly settings: ContentSettings) {
    this.transport = settings.SMTP_URL ? createTransport(settings.SMTP_URL) : null;
  }

  /** Resolves once the relay accepted the message; a relay that refuses or is away is an `UNAVAILABLE` error. */
  async send(to: string, mail: RenderedMail): Promise<void> {
    if (!this.transport) throw new ServiceError(ErrorCode.Unavailable, 'No SMTP relay is configured (SMTP_URL)');
    try {
      await this.transport.sendMail({ from: this.settings.MAIL_FROM, to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    } catch (error) {
      this.logger.error(`mail "${mail.subject}" not accepted by the SMTP relay: ${String(error)}`);
      throw new ServiceError(ErrorCode.Unavailable, 'The mail could not be sent; please try again later');
    }
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
