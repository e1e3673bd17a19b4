import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { GatewaySettings } from '../settings';

/**
 * How many job event streams and held lip-sync/clip requests each user has open: each one keeps a
 * NATS subscription and a connection, so a user gets `MAX_OPEN_STREAMS_PER_USER` at once and a 429
 * beyond. Counted per gateway process: each replica caps what it holds itself, which is what
 * bounds its own memory and subscriptions (a user spread over N replicas may hold N times the cap).
 */
@Injectable()
export class OpenStreams {
  private readonly openByUser = new Map<string, number>();
  /** Places taken now, and how many of them held requests (for the open-streams gauge). */
  private openNow = 0;
  private heldNow = 0;
  private readonly max = this.settings.MAX_OPEN_STREAMS_PER_USER;

  constructor(private readonly settings: GatewaySettings) {}

  /** Takes one of the user's places, or answers 429; the returned release may be called any number of times. */
  open(userId: string): () => void {
    const open = this.openByUser.get(userId) ?? 0;
    if (open >= this.max) throw new ServiceError(ErrorCode.RateLimited, `At most ${this.max} generations can be followed at once; close another page and try again.`);
    this.openByUser.set(userId, open + 1);
    this.openNow++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.openNow--;
      const left = (this.openByUser.get(userId) ?? 1) - 1;
      if (left > 0) this.openByUser.set(userId, left);
      else this.openByUser.delete(userId);
    };
  }

  /** Runs `work` (a held request) in one of the user's places. */
  async hold<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const release = this.open(userId);
    this.heldNow++;
    try {
      return await work();
    } finally {
      this.heldNow--;
      release();
    }
  }

  /** Job event streams open now on this gateway. */
  streamsOpen(): number {
    return this.openNow - this.heldNow;
  }

  /** Held requests waiting now on this gateway. */
  heldOpen(): number {
    return this.heldNow;
  }

  /** The places the user holds now (for tests and the status view). */
  openFor(userId: string): number {
    return this.openByUser.get(userId) ?? 0;
  }
}
