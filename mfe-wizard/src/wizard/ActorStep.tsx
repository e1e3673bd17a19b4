import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, cn, Spinner, useRovingTabIndex, type RovingItemProps } from '@lipcast/ui';
import { API_ROUTES, ownActorVideo, useAccount, type SelectedVideo } from '@lipcast/web-kit';
import { fetchActors, fetchOwnActors } from './actors-api';

/**
 * A tile plays its clip (muted, looped) while selected or hovered. It is one radio of the actors'
 * group: the group is one Tab stop (the selected tile), the arrow keys choose among its tiles.
 * A tile that is not playing is its still: a video player exists only while it plays, so the
 * step's first screen is 14 pictures and one player, not 14 players each fetching its clip's
 * start (issue 38: the first screen's main-thread work). The first tile's still is fetched first.
 */
function ActorTile({ actor, selected, first, onSelect, roving }: { actor: SelectedVideo; selected: boolean; first: boolean; onSelect: () => void; roving: RovingItemProps }) {
  const [hovered, setHovered] = useState(false);
  const playing = selected || hovered;
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      {...roving}
      onClick={onSelect}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
      className={cn(
        // The keyboard's focus shows at least as strongly as the selection (issue 37, item 6): a wider, darker ring, set off from the tile.
        'group relative overflow-hidden rounded-xl border-2 bg-slate-900 text-left transition focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-700 focus-visible:ring-offset-2',
        selected ? 'border-brand-600 ring-2 ring-brand-200' : 'border-transparent hover:border-brand-300',
      )}
    >
      <span className="relative block aspect-[8/9] w-full">
        <img className="absolute inset-0 h-full w-full object-cover" src={actor.thumbnail} alt="" decoding="async" {...(first ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })} />
        {playing && (
          <video
            className="absolute inset-0 h-full w-full object-cover"
            src={actor.url}
            poster={actor.thumbnail}
            muted
            loop
            playsInline
            ref={(element) => void element?.play().catch(() => undefined)}
          />
        )}
      </span>
      {/* On the video's top-left corner, clear of the name below it. */}
      <span aria-hidden className="absolute top-2 left-2 rounded bg-black/70 px-2 py-0.5 text-xs text-white">
        {actor.duration}s
      </span>
      {selected && (
        <span aria-hidden className="absolute top-2 right-2 flex h-7 w-7 items-center justify-center rounded-full bg-brand-600 text-white">
          ✓
        </span>
      )}
      {/* Named by its visible text, with the badge's "20s" spelled out for screen readers (axe: label-content-name-mismatch). */}
      <span className="block px-3 py-2 text-sm font-medium text-white">
        {actor.title}
        <span className="sr-only">, {actor.duration} seconds</span>
      </span>
    </button>
  );
}

/** Step 1, "Select Your Actor": the built-in actors, the first selected by default. */
export const NO_ACTOR_MESSAGE = 'Please select an actor first';

/**
 * The signed-in creator's own actors (issue 35), as the wizard animates them (`own:<id>`); none for a
 * visitor, and none when the list cannot be read: the step then works with the built-in actors alone.
 */
function useOwnActors(): SelectedVideo[] {
  const { isSignedIn } = useAccount();
  const { data } = useQuery({ queryKey: [API_ROUTES.ownActors.path], queryFn: fetchOwnActors, enabled: isSignedIn });
  return data?.actors.map(ownActorVideo) ?? [];
}

export function ActorStep({ onContinue }: { onContinue: (actor: SelectedVideo) => void }) {
  const missingId = useId();
  const ownGroupId = useId();
  // Said beside the Continue button, not in a toast (issue 16: validation next to its field).
  const [missing, setMissing] = useState(false);
  const { data: actors, isLoading, isError } = useQuery({ queryKey: ['/api/actors'], queryFn: fetchActors });
  const ownActors = useOwnActors();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const selectedId = chosenId ?? actors?.[0]?.id ?? null;
  // The built-in actors, then the creator's own: one choice, one group, in this order for the arrow keys.
  const everyActor = [...(actors ?? []), ...ownActors];
  const selectedIndex = everyActor.findIndex((actor) => actor.id === selectedId);
  const selected = everyActor[selectedIndex] ?? null;
  const rovingItem = useRovingTabIndex(everyActor.length, selectedIndex, (index) => setChosenId(everyActor[index].id));
  const tile = (actor: SelectedVideo, index: number) => (
    <ActorTile key={actor.id} actor={actor} selected={actor.id === selectedId} first={index === 0} onSelect={() => setChosenId(actor.id)} roving={rovingItem(index)} />
  );

  if (isLoading) return <Spinner label="Loading actors..." />;
  if (isError || !actors) return <p className="text-red-600">Failed to load actors. Please try again later.</p>;
  return (
    <section className="space-y-6">
      {/* One Tab stop for every tile (issue 37, item 6: each tile was a stop of its own). */}
      <div role="radiogroup" aria-label="Actors" className="space-y-6">
        <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">{actors.map((actor, index) => tile(actor, index))}</div>
        {ownActors.length > 0 && (
          <div role="group" aria-labelledby={ownGroupId} className="space-y-3">
            <h2 id={ownGroupId} className="text-lg font-semibold text-slate-900">
              Your actors
            </h2>
            <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">{ownActors.map((actor, index) => tile(actor, actors.length + index))}</div>
          </div>
        )}
      </div>
      {/* The grid is taller than the screen, on a phone and on a laptop alike: Continue stays in reach at the bottom of the screen (issue 37, item 5). */}
      <div data-testid="actor-continue-bar" className="sticky bottom-0 z-10 -mx-4 flex justify-end border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
        {missing && !selected && (
          <p id={missingId} className="mr-3 self-center text-sm text-red-600">
            {NO_ACTOR_MESSAGE}
          </p>
        )}
        <Button
          className="h-11 w-full sm:h-10 sm:w-auto"
          aria-describedby={missing && !selected ? missingId : undefined}
          onClick={() => {
            if (!selected) return setMissing(true);
            onContinue(selected);
          }}
        >
          Continue to Audio Generation
        </Button>
      </div>
    </section>
  );
}
