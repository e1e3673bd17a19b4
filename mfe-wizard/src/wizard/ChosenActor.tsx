import { cn } from '@lipcast/ui';
import type { SelectedVideo } from '@lipcast/web-kit';

/**
 * The actor the words are for, kept in sight beside the script (issue 16) and as step 3's video input:
 * picture, name and length, as a still (no player's Tab stops: issue 37, item 6).
 */
export function ChosenActor({ video, label = 'Chosen actor', className }: { video: SelectedVideo; label?: string; className?: string }) {
  return (
    <figure aria-label={label} className={cn('flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-2 md:flex-col md:items-stretch', className)}>
      {video.thumbnail ? (
        <img src={video.thumbnail} alt="" className="aspect-[8/9] w-16 shrink-0 rounded-lg bg-slate-900 object-cover md:w-full" />
      ) : (
        <video src={`${video.url}#t=0.1`} muted playsInline preload="metadata" aria-hidden className="aspect-[8/9] w-16 shrink-0 rounded-lg bg-slate-900 object-cover md:w-full" />
      )}
      <figcaption className="min-w-0 text-sm">
        <span className="block truncate font-medium text-slate-900">{video.title}</span>
        <span className="text-slate-500">{video.duration}s video</span>
      </figcaption>
    </figure>
  );
}
