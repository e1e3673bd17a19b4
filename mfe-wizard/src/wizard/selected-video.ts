import type { Actor } from '@lipcast/contracts';
import type { SelectedVideo } from '@lipcast/web-kit';

/** A built-in actor as the wizard animates it (an influencer from elsewhere comes through web-kit's hand-off). */
export const fromActor = (actor: Actor): SelectedVideo => ({ ...actor });
