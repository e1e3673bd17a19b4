import { Injectable } from '@nestjs/common';
import { Subjects, type Account, type AuthUser } from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';

export type CurrentUser = AuthUser & Account;

/** Users whose answer this process keeps at once; the oldest leaves first. */
const MAX_USERS = 10_000;

/**
 * `GET /api/auth/user` (the user from auth, plan and usage from billing), kept per user for
 * `CURRENT_USER_CACHE_MS` in this process: a signed-in page's burst of reads, or a client polling,
 * costs the services one pair of requests per interval, and concurrent reads share one answer in
 * flight. Whatever a user does through this process that may change the answer (any signed-in
 * request other than this read, sign-out) drops it when that request ends (`SignedInGuard`), so
 * credits read after a generation are fresh. Changes made elsewhere (a Stripe webhook, a job's
 * credit released by the generation service, a request on another replica) show within the
 * interval. Failures are never kept.
 */
@Injectable()
export class CurrentUsers {
  static readonly CACHE_MS = 2_000;
  private readonly answers = new Map<string, { expiresAt: number; answer: Promise<CurrentUser> }>();

  constructor(private readonly services: ServiceClient) {}

  read(userId: string): Promise<CurrentUser> {
    const now = Date.now();
    const held = this.answers.get(userId);
    if (held && held.expiresAt > now) return held.answer;
    this.answers.delete(userId);
    if (this.answers.size >= MAX_USERS) this.answers.delete(this.answers.keys().next().value!);
    const answer = Promise.all([
      this.services.send(Subjects.auth.userGet, { id: userId }),
      this.services.send(Subjects.billing.accountGet, { userId }),
    ]).then(([user, account]): CurrentUser => ({ ...user, ...account }));
    this.answers.set(userId, { expiresAt: now + CurrentUsers.CACHE_MS, answer });
    answer.catch(() => this.forgetAnswer(userId, answer));
    return answer;
  }

  /** The next read asks the services again. */
  forget(userId: string): void {
    this.answers.delete(userId);
  }

  private forgetAnswer(userId: string, answer: Promise<CurrentUser>): void {
    if (this.answers.get(userId)?.answer === answer) this.answers.delete(userId);
  }
}
