import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnActor, OwnActorList } from '@lipcast/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@lipcast/ui';
import { toast } from '@lipcast/web-kit';
import { errorText } from './creator-api';
import { OwnActorCard } from './OwnActorCard';
import { OwnActorUpload } from './OwnActorUpload';
import { DEFAULT_CLIP_LIMITS, deleteOwnActor, listOwnActors, OWN_ACTORS_QUERY_KEY } from './own-actors-api';

/**
 * "Your own actor" (issue 35): upload a clip of yourself, which becomes a private actor for the
 * video wizard, and the actors made so far. When the list cannot be read, the upload still works
 * with the default limits.
 */
export function OwnActors() {
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: OWN_ACTORS_QUERY_KEY, queryFn: listOwnActors });
  const [justMadeId, setJustMadeId] = useState<string | null>(null);
  const actors = data?.actors ?? [];

  function created(actor: OwnActor) {
    // Shown at once (newest first, as the list is), then read again from the server.
    queryClient.setQueryData<OwnActorList>(OWN_ACTORS_QUERY_KEY, (list) => ({ limits: list?.limits ?? DEFAULT_CLIP_LIMITS, actors: [actor, ...(list?.actors ?? []).filter((other) => other.id !== actor.id)] }));
    void queryClient.invalidateQueries({ queryKey: OWN_ACTORS_QUERY_KEY });
    setJustMadeId(actor.id);
  }

  async function remove(actor: OwnActor) {
    try {
      await deleteOwnActor(actor.id);
      queryClient.setQueryData<OwnActorList>(OWN_ACTORS_QUERY_KEY, (list) => list && { ...list, actors: list.actors.filter((other) => other.id !== actor.id) });
      void queryClient.invalidateQueries({ queryKey: OWN_ACTORS_QUERY_KEY });
      toast({ title: 'Actor deleted', variant: 'success' });
    } catch (error) {
      toast({ title: 'Failed to delete the actor', description: errorText(error, 'Failed to delete the actor'), variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby="own-actor" className="mt-10 space-y-4">
      <h2 id="own-actor" className="text-xl font-semibold text-slate-900">
        Your own actor
      </h2>
      <div className="grid gap-8 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Upload a clip of yourself</CardTitle>
            <CardDescription>It becomes a private actor: make it say anything in the video wizard. Checking it is free.</CardDescription>
          </CardHeader>
          <CardContent>
            <OwnActorUpload limits={data?.limits ?? DEFAULT_CLIP_LIMITS} onCreated={created} />
          </CardContent>
        </Card>
        {actors.length > 0 && (
          <div className="space-y-3">
            <h3 className="text-lg font-semibold text-slate-900">Your actors</h3>
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {actors.map((actor) => (
                <OwnActorCard key={actor.id} actor={actor} justMade={actor.id === justMadeId} onDelete={() => void remove(actor)} />
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
