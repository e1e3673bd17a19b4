import { Injectable, Logger } from '@nestjs/common';
import {
  Subjects,
  type AuthUser,
  type MailOutcome,
  type MailPreferences,
  type PaymentMailRequest,
  type VideoReadyMailRequest,
  type WebhookDisabledMailRequest,
} from '@lipcast/contracts';
import { jobWatchersBucket, ServiceClient, type JobWatchersBucket } from '@lipcast/nest-kit';
import { ContentSettings } from '../settings';
import { MailLinks } from './mail-links';
import { MailRepository } from './mail.repository';
import { Mailer } from './mailer';
import { paymentMail, videoReadyMail, webhookDisabledMail, type RenderedMail } from './templates';

const DEFAULT_PREFERENCES: MailPreferences = { videoReady: true };

/** The mails other services ask for, each sent once per job or payment, and the users' choice of them. */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly jobWatchers: () => Promise<JobWatchersBucket>;

  constructor(
    private readonly mails: MailRepository,
    private readonly mailer: Mailer,
    private readonly links: MailLinks,
    private readonly services: ServiceClient,
    settings: ContentSettings,
  ) {
    this.jobWatchers = jobWatchersBucket(services.nats, settings.JETSTREAM_REPLICAS);
  }

  async preferences(userId: string): Promise<MailPreferences> {
    const row = await this.mails.preferencesOf(userId);
    return row ? { videoReady: row.videoReady } : DEFAULT_PREFERENCES;
  }

  async setPreferences(userId: string, preferences: MailPreferences): Promise<MailPreferences> {
    await this.mails.savePreferences(userId, preferences.videoReady);
    return this.preferences(userId);
  }

  /** Account deletion: the user's preferences go (`sent_mail` names jobs and payments, no person). */
  async deleteUser(userId: string): Promise<void> {
    await this.mails.deletePreferencesOf(userId);
  }

  /** "Your video is ready", unless the user turned it off or a page of theirs followed the job to its end. */
  async videoReady(request: VideoReadyMailRequest): Promise<MailOutcome> {
    if (!(await this.preferences(request.userId)).videoReady) return { sent: false, reason: 'turned-off' };
    if (await this.watched(request.jobId)) return { sent: false, reason: 'watching' };
    return this.sendOnce('video-ready', request.jobId, request.userId, (user) =>
      videoReadyMail({ name: user.firstName ?? user.username, videoUrl: this.links.video(request.kind), preferencesUrl: this.links.profile() }),
    );
  }

  /** "Premium is active" or "15 extra generations added", once per payment billing confirmed. */
  async paymentConfirmed(request: PaymentMailRequest): Promise<MailOutcome> {
    return this.sendOnce(`payment-${request.kind}`, request.paymentId, request.userId, (user) =>
      paymentMail({
        name: user.firstName ?? user.username,
        kind: request.kind,
        generations: request.generations,
        createUrl: this.links.create(),
        profileUrl: this.links.profile(),
      }),
    );
  }

  /**
   * "Your webhook endpoint was disabled": which one, why, and how to enable it again; once per
   * disabling (keyed by the delivery whose failure disabled it). No preference turns it off: the
   * user's integration stopped receiving events.
   */
  async webhookDisabled(request: WebhookDisabledMailRequest): Promise<MailOutcome> {
    return this.sendOnce('webhook-disabled', request.deliveryId, request.userId, (user) =>
      webhookDisabledMail({
        name: user.firstName ?? user.username,
        url: request.url,
        failures: request.failures,
        profileUrl: this.links.profile(),
        enableApiUrl: this.links.apiEnableWebhook(request.endpointId),
      }),
    );
  }

  /** Whether a gateway has an event stream open for the job, or delivered its end to one (the job-watchers bucket). */
  private async watched(jobId: string): Promise<boolean> {
    return (await this.jobWatchers()).watched(jobId);
  }

  /**
   * Records the mail as sent, then sends it; a second request for the same job or payment finds the
   * record and sends nothing. A mail the relay refused is un-recorded, so asking again sends it.
   */
  private async sendOnce(kind: string, key: string, userId: string, render: (user: AuthUser) => RenderedMail): Promise<MailOutcome> {
    const user = await this.services.send(Subjects.auth.userGet, { id: userId });
    if (!user.email) return { sent: false, reason: 'no-address' };
    if (!(await this.mails.claimSending(kind, key))) return { sent: false, reason: 'already-sent' };
    try {
      await this.mailer.send(user.email, render(user));
    } catch (error) {
      await this.mails.releaseSending(kind, key);
      throw error;
    }
    this.logger.log(`sent the ${kind} mail for ${key}`);
    return { sent: true, reason: 'sent' };
  }
}
