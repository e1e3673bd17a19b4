import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { ErrorCode, newsletterParagraphs, type AdminNewsletterIssue, type AdminNewsletterIssueList, type AdminNewsletterSending, type AdminNewsletterSendRequest } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { MailLinks } from '../mail/mail-links';
import { MailRepository } from '../mail/mail.repository';
import { Mailer } from '../mail/mailer';
import { newsletterMail, type RenderedMail } from '../mail/templates';
import { NewsletterRepository } from './newsletter.repository';

/** The issues the console lists. */
const ISSUE_LIST_LIMIT = 50;
/** Subscribers read per query while sending: a big list is never held in memory at once. */
const SEND_BATCH = 200;
const PREVIEW_LENGTH = 120;

/** The `sent_mail` kind of an issue: each subscriber (keyed by id) gets it once. */
export const issueMailKind = (issueId: number): string => `newsletter-${issueId}`;

export function issueMail(issue: { subject: string; body: string }, unsubscribeUrl: string): RenderedMail {
  const paragraphs = newsletterParagraphs(issue.body);
  const first = paragraphs[0] ?? '';
  return newsletterMail({
    subject: issue.subject,
    preview: first.length > PREVIEW_LENGTH ? `${first.slice(0, PREVIEW_LENGTH - 1)}…` : first,
    blocks: paragraphs.map((paragraph) => ({ paragraph })),
    unsubscribeUrl,
  });
}

/**
 * Newsletter issues: an operator's issue is stored, answered, then mailed in the background to every
 * confirmed subscriber, one at a time. Each mail is recorded in `sent_mail` before it goes (and the
 * record removed when the relay refuses it), so a subscriber gets an issue once however often it is
 * resumed, even by two runs at once; a refusal stops the run, and resuming mails the rest.
 */
@Injectable()
export class NewsletterIssuesService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(NewsletterIssuesService.name);
  /** The runs in progress in this process, awaited at shutdown. */
  private readonly runs = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly newsletter: NewsletterRepository,
    private readonly mails: MailRepository,
    private readonly mailer: Mailer,
    private readonly links: MailLinks,
  ) {}

  async list(): Promise<AdminNewsletterIssueList> {
    const [issues, confirmed] = await Promise.all([this.newsletter.listIssues(ISSUE_LIST_LIMIT), this.newsletter.confirmedCount()]);
    return {
      issues: issues.map(
        (issue): AdminNewsletterIssue => ({
          ...issue,
          createdAt: issue.createdAt.toISOString(),
          finishedAt: issue.finishedAt ? issue.finishedAt.toISOString() : null,
        }),
      ),
      confirmedSubscribers: confirmed,
    };
  }

  /** Stores the issue and starts mailing it; answers at once with how many subscribers it goes to. */
  async send(request: AdminNewsletterSendRequest): Promise<AdminNewsletterSending> {
    const issue = { subject: request.subject.trim(), body: request.body };
    const issueId = await this.newsletter.insertIssue({ ...issue, createdBy: request.operatorId });
    return this.start(issueId, issue);
  }

  /** Mails an unfinished issue to the confirmed subscribers who have not had it yet. */
  async resume(issueId: number): Promise<AdminNewsletterSending> {
    const issue = await this.newsletter.findIssue(issueId);
    if (!issue) throw ServiceError.notFound('No such newsletter issue');
    // A finished issue would otherwise go to whoever subscribed since: an old issue is not news.
    if (issue.finishedAt) throw new ServiceError(ErrorCode.Conflict, 'This issue has already been sent to every subscriber');
    return this.start(issueId, issue);
  }

  beforeApplicationShutdown(): Promise<unknown> {
    this.stopping = true;
    return Promise.all(this.runs);
  }

  /** Counts who is still to be mailed, then mails them after the answer has gone. */
  private async start(issueId: number, issue: { subject: string; body: string }): Promise<AdminNewsletterSending> {
    const recipients = await this.newsletter.countNotMailed(issueMailKind(issueId));
    await this.newsletter.setRecipientsBeyondSent(issueId, recipients);
    // Not awaited: the request is answered now; the list shows the progress. The run's queries go on entity managers of their own.
    const run = this.mailIssue(issueId, issue, this.newsletter.forked(), this.mails.forked()).catch((error: unknown) => this.logger.error(`newsletter issue ${issueId}: the sending stopped: ${String(error)}`));
    this.runs.add(run);
    void run.finally(() => this.runs.delete(run));
    return { id: issueId, recipients };
  }

  /** Every confirmed subscriber in id order, each claimed in `sent_mail` before the mail goes; a refused mail ends the run unclaimed. */
  private async mailIssue(issueId: number, issue: { subject: string; body: string }, newsletter: NewsletterRepository, mails: MailRepository): Promise<void> {
    const kind = issueMailKind(issueId);
    let after = 0;
    for (;;) {
      const subscribers = await newsletter.confirmedSubscribersAfter(after, SEND_BATCH);
      if (subscribers.length === 0) break;
      for (const subscriber of subscribers) {
        if (this.stopping) return;
        after = subscriber.id;
        const key = String(subscriber.id);
        if (!(await mails.claimSending(kind, key))) continue;
        try {
          await this.mailer.send(subscriber.email, issueMail(issue, this.links.newsletterUnsubscribe(subscriber.unsubscribeToken)));
        } catch (error) {
          await mails.releaseSending(kind, key);
          throw error;
        }
        await newsletter.countSent(issueId);
      }
    }
    await newsletter.finishIssue(issueId);
    this.logger.log(`newsletter issue ${issueId} sent`);
  }
}
