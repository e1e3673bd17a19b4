/**
 * The sender's shared slots, `total` at once, of which one owner (a user) holds at most `perOwner`:
 * an owner at its bound waits for one of its own slots to free, never taking another's. Waiters are
 * served in arrival order among those whose owner has room.
 */
export class SendSlots {
  private used = 0;
  private readonly byOwner = new Map<string, number>();
  private readonly waiters: { owner: string; grant: () => void }[] = [];

  constructor(
    readonly total: number,
    readonly perOwner: number,
  ) {}

  /** Slots the owner holds now plus those it waits for. */
  demand(owner: string): number {
    return (this.byOwner.get(owner) ?? 0) + this.waiters.filter((waiter) => waiter.owner === owner).length;
  }

  /** Resolves with the release of a slot once the owner may take one. */
  acquire(owner: string): Promise<() => void> {
    return new Promise((resolve) => {
      const grant = () => {
        this.used++;
        this.byOwner.set(owner, (this.byOwner.get(owner) ?? 0) + 1);
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.used--;
          const held = this.byOwner.get(owner)! - 1;
          if (held > 0) this.byOwner.set(owner, held);
          else this.byOwner.delete(owner);
          this.grantWaiting();
        });
      };
      if (this.hasRoom(owner)) grant();
      else this.waiters.push({ owner, grant });
    });
  }

  private hasRoom(owner: string): boolean {
    return this.used < this.total && (this.byOwner.get(owner) ?? 0) < this.perOwner;
  }

  private grantWaiting(): void {
    for (let index = 0; index < this.waiters.length && this.used < this.total; ) {
      const waiter = this.waiters[index]!;
      if (this.hasRoom(waiter.owner)) {
        this.waiters.splice(index, 1);
        waiter.grant();
      } else index++;
    }
  }
}
