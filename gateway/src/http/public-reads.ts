import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { tap, type Observable } from 'rxjs';
import type { ReplyOf, RequestOf, Subject } from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';

/** Distinct reads kept at once; the oldest leaves first. */
const MAX_ANSWERS = 1000;

/**
 * Answers of public reads (published posts, plans, actors, voices, samples) kept for
 * `PUBLIC_READ_CACHE_SECONDS` in this process: the same for every visitor and changed rarely, so a
 * busy page costs the services one request per read and interval, and concurrent visitors share one
 * answer in flight. Failures are never kept. 0 seconds turns it off.
 */
@Injectable()
export class PublicReads {
  private readonly answers = new Map<string, { expiresAt: number; answer: Promise<unknown> }>();
  readonly cacheControl = this.seconds > 0 ? `public, max-age=${this.seconds}` : 'no-cache';

  constructor(
    private readonly services: ServiceClient,
    private readonly seconds: number,
  ) {}

  send<S extends Subject>(subject: S, payload: RequestOf<S>): Promise<ReplyOf<S>> {
    if (this.seconds <= 0) return this.services.send(subject, payload);
    const key = `${subject} ${JSON.stringify(payload)}`;
    const now = Date.now();
    const held = this.answers.get(key);
    if (held && held.expiresAt > now) return held.answer as Promise<ReplyOf<S>>;
    this.answers.delete(key);
    if (this.answers.size >= MAX_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
    const answer = this.services.send(subject, payload);
    this.answers.set(key, { expiresAt: now + this.seconds * 1000, answer });
    answer.catch(() => {
      if (this.answers.get(key)?.answer === answer) this.answers.delete(key);
    });
    return answer;
  }
}

/** Lets browsers and CDNs keep a public read's successful answer as long as the gateway does. */
@Injectable()
export class PublicReadCaching implements NestInterceptor {
  constructor(private readonly reads: PublicReads) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(tap(() => context.switchToHttp().getResponse<Response>().setHeader('Cache-Control', this.reads.cacheControl)));
  }
}
