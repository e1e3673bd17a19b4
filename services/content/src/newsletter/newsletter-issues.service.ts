import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { ErrorCode, newsletterParagraphs, type AdminNewsletterIssue, type AdminNewsletterIssueList, type AdminNewsletterSending, type AdminNewsletterSendRequest } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { contentDatabase, now } from '../database';
import { MailLinks } from '../mail/mail-links';
import { Mailer } from '../mail/mailer';
import { newsletterMail, type RenderedMail } from '../mail/templates';

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
    private readonly em: EntityManager,
    private readonly mailer: Mailer,
    private readonly links: MailLinks,
  ) {}

  async list(): Promise<AdminNewsletterIssueList> {
    const db = contentDatabase(this.em);
    const [issues, confirmed] = await Promise.all([
      db
        .selectFrom('newsletter_issue')
        .select(['id', 'subject', 'createdBy', 'createdAt', 'sentCount', 'recipientCount', 'finishedAt'])
        .orderBy('id', 'desc')
        .limit(ISSUE_LIST_LIMIT)
        .execute(),
      db.selectFrom('newsletter_subscriber').select((eb) => eb.fn.countAll<string>().as('count')).where('confirmedAt', 'is not', null).executeTakeFirstOrThrow(),
    ]);
    return {
      issues: issues.map(
        (issue): AdminNewsletterIssue => ({
          ...issue,
          createdAt: issue.createdAt.toISOString(),
          finishedAt: issue.finishedAt ? issue.finishedAt.toISOString() : null,
        }),
      ),
      confirmedSubscribers: Number(confirmed.count),
    };
  }

  /** Stores the issue and starts mailing it; answers at once with how many subscribers it goes to. */
  async send(request: AdminNewsletterSendRequest): Promise<AdminNewsletterSending> {
    const issue = await contentDatabase(this.em)
      .insertInto('newsletter_issue')
      .values({ subject: request.subject.trim(), body: request.body, createdBy: request.operatorId })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    return this.start(issue.id);
  }

  /** Mails an unfinished issue to the confirmed subscribers who have not had it yet. */
  async resume(issueId: number): Promise<AdminNewsletterSending> {
    const issue = await contentDatabase(this.em).selectFrom('newsletter_issue').select(['finishedAt']).where('id', '=', issueId).executeTakeFirst();
    if (!issue) throw ServiceError.notFound('No such newsletter issue');
    // A finished issue would otherwise go to whoever subscribed since: an old issue is not news.
    if (issue.finishedAt) throw new ServiceError(ErrorCode.Conflict, 'This issue has already been sent to every subscriber');
    return this.start(issueId);
  }

  beforeApplicationShutdown(): Promise<unknown> {
    this.stopping = true;
    return Promise.all(this.runs);
  }

  /** Counts who is still to be mailed, then mails them after the answer has gone. */
  private async start(issueId: number): Promise<AdminNewsletterSending> {
    const kind = issueMailKind(issueId);
    const db = contentDatabase(this.em);
    const pending = await db
      .selectFrom('newsletter_subscriber')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('confirmedAt', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('sent_mail').select('kind').where('kind', '=', kind).where('key', '=', sql<string>`cast(${sql.ref('newsletter_subscriber.id')} as text)`))),
      )
      .executeTakeFirstOrThrow();
    const recipients = Number(pending.count);
    await db
      .updateTable('newsletter_issue')
      .set((eb) => ({ recipientCount: eb('sentCount', '+', recipients) }))
      .where('id', '=', issueId)
      .execute();
    // Not awaited: the request is answered now; the list shows the progress.
    const run = this.mailIssue(issueId, this.em.fork()).catch((error: unknown) => this.logger.error(`newsletter issue ${issueId}: the sending stopped: ${String(error)}`));
    this.runs.add(run);
    void run.finally(() => this.runs.delete(run));
    return { id: issueId, recipients };
  }

  /** Every confirmed subscriber in id order, each claimed in `sent_mail` before the mail goes; a refused mail ends the run unclaimed. */
  private async mailIssue(issueId: number, em: EntityManager): Promise<void> {
    const db = contentDatabase(em);
    const kind = issueMailKind(issueId);
    const issue = await db.selectFrom('newsletter_issue').select(['subject', 'body']).where('id', '=', issueId).executeTakeFirstOrThrow();
    let after = 0;
    for (;;) {
      const subscribers = await db
        .selectFrom('newsletter_subscriber')
        .select(['id', 'email', 'unsubscribeToken'])
        .where('confirmedAt', 'is not', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(SEND_BATCH)
        .execute();
      if (subscribers.length === 0) break;
      for (const subscriber of subscribers) {
        if (this.stopping) return;
        after = subscriber.id;
        const key = String(subscriber.id);
        const claimed = await db.insertInto('sent_mail').values({ kind, key }).onConflict((conflict) => conflict.columns(['kind', 'key']).doNothing()).returning(['kind']).executeTakeFirst();
        if (!claimed) continue;
        try {
          await this.mailer.send(subscriber.email, issueMail(issue, this.links.newsletterUnsubscribe(subscriber.unsubscribeToken)));
        } catch (error) {
          await db.deleteFrom('sent_mail').where('kind', '=', kind).where('key', '=', key).execute();
          throw error;
        }
        await db
          .updateTable('newsletter_issue')
          .set((eb) => ({ sentCount: eb('sentCount', '+', 1) }))
          .where('id', '=', issueId)
          .execute();
      }
    }
    await db.updateTable('newsletter_issue').set({ finishedAt: now() }).where('id', '=', issueId).where('finishedAt', 'is', null).execute();
    this.logger.log(`newsletter issue ${issueId} sent`);
  }
}
