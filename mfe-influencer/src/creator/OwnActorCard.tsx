import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { OwnActor } from '@lipcast/contracts';
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogFooter, AlertDialogTrigger, Button, buttonVariants } from '@lipcast/ui';
import { handInfluencerToWizard, ownActorVideo } from '@lipcast/web-kit';

/**
 * One of the creator's own actors: its still, name and length, a link that starts the wizard's
 * audio step with it, and Delete. `justMade` takes the focus to it (the upload's result).
 */
export function OwnActorCard({ actor, justMade, onDelete }: { actor: OwnActor; justMade: boolean; onDelete: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (justMade) heading.current?.focus();
  }, [justMade]);
  const seconds = Math.round(actor.durationSeconds);
  return (
    <li aria-label={actor.name} className="space-y-3 rounded-xl border border-slate-200 bg-white p-3">
      <img src={actor.thumbnail} alt="" className="aspect-[3/4] w-full rounded-lg bg-slate-100 object-cover" />
      <div>
        <h4 ref={heading} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
          {actor.name}
        </h4>
        <p className="text-sm text-slate-600">{seconds} s clip</p>
        {justMade && <p className="text-sm text-emerald-700">Your actor is ready: only you can see it.</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        {/* The wizard reads the hand-off on arrival and starts at its audio step with this actor. */}
        <Link to="/" className={buttonVariants({ size: 'sm' })} onClick={() => handInfluencerToWizard(ownActorVideo(actor))}>
          Use in the video wizard
        </Link>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="outline" size="sm">
              Delete<span className="sr-only"> {actor.name}</span>
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent title="Delete this actor?" description="Its clip is deleted; videos already made from it stay. This cannot be undone.">
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction onClick={onDelete}>Delete</AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
    </li>
  );
}
