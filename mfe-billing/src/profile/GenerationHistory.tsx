import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { DEFAULT_VIDEO_FORMAT, videoFormat, videoFormatTag, type InfluencerProject, type Project } from '@lipcast/contracts';
import { Badge, Button, Card, CardContent, Tabs, TabsContent, TabsList, TabsTrigger, VideoPlayer, type BadgeVariant } from '@lipcast/ui';
import { ACTOR_GONE_MESSAGE, handProjectToWizard, toast } from '@lipcast/web-kit';
import { Waiting } from '../common/Waiting';
import { toastFailure } from './failure-toast';
import { completedProjects, CREATOR_CLIPS_QUERY_KEY, historyItems, historyStatus, PROJECTS_QUERY_KEY, textPreview, type HistoryItem, type HistoryStatus } from './history';
import { formatUsDate } from './subscription-summary';

export const HISTORY_ERROR_MESSAGE = 'Failed to load your generations. Please try again later.';
export const CLIPS_ERROR_MESSAGE = 'Your Creator clips could not be loaded, so they are missing from this list.';
/** What the list holds and how it relates to the count on the profile card (they differ for good reasons). */
export const HISTORY_SCOPE_TEXT =
  'Wizard and One Shot videos and Creator clips. A finished video uses one generation; failed runs, audio previews and Creator clips (free previews) use none. Deleted videos are no longer listed but still count.';

/** The user's generations: wizard and One Shot videos (`GET /api/projects`) and Creator clips, all or only the completed ones. */
export function GenerationHistory() {
  const { data: projects, isLoading, isError } = useQuery<Project[]>({ queryKey: PROJECTS_QUERY_KEY });
  // The clips complete the list; without them the rest is still worth showing.
  const clips = useQuery<InfluencerProject[]>({ queryKey: CREATOR_CLIPS_QUERY_KEY });
  const items = projects && !clips.isLoading ? historyItems(projects, clips.data ?? []) : undefined;

  return (
    <section aria-labelledby="generation-history" className="mt-10">
      <h2 id="generation-history" className="text-2xl font-semibold text-slate-900">
        Generation History
      </h2>
      <p className="mt-1 text-sm text-slate-600">{HISTORY_SCOPE_TEXT}</p>
      {isLoading || (!isError && !items) ? (
        <div className="mt-4">
          <Waiting text="Loading your generations..." />
        </div>
      ) : isError || !items ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {HISTORY_ERROR_MESSAGE}
        </p>
      ) : (
        <>
          {clips.isError && <p className="mt-4 text-sm text-amber-800">{CLIPS_ERROR_MESSAGE}</p>}
          <Tabs defaultValue="all" className="mt-4">
            <TabsList>
              <TabsTrigger value="all">All Generations</TabsTrigger>
              <TabsTrigger value="completed">Completed</TabsTrigger>
            </TabsList>
            <TabsContent value="all">
              <ItemList items={items} emptyText="No generations yet" />
            </TabsContent>
            <TabsContent value="completed">
              <ItemList items={completedProjects(items)} emptyText="No completed generations yet" />
            </TabsContent>
          </Tabs>
        </>
      )}
    </section>
  );
}

function ItemList({ items, emptyText }: { items: HistoryItem[]; emptyText: string }) {
  if (items.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-neutral-300 p-10 text-center">
        <p className="font-medium text-slate-900">{emptyText}</p>
        <Button asChild className="mt-4">
          <Link to="/">Create your first video</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.key}>
          <HistoryCard item={item} />
        </li>
      ))}
    </ul>
  );
}

const STATUS_BADGE: Record<HistoryStatus, { label: string; variant: BadgeVariant }> = {
  complete: { label: 'Complete', variant: 'success' },
  'audio-only': { label: 'Audio only', variant: 'info' },
  processing: { label: 'Processing', variant: 'secondary' },
};

/** One generation: the video when complete, the audio while the video is pending, else a notice. */
export function HistoryCard({ item }: { item: HistoryItem }) {
  const status = historyStatus(item);
  const badge = STATUS_BADGE[status];
  const preview = textPreview(item.text);
  const what = item.kind === 'creator-clip' ? 'Creator clip' : 'Video';
  const format = videoFormat(item.format);
  return (
    <Card className="h-full">
      <div className="flex items-center justify-between gap-2 px-6 pt-6 pb-3">
        <span className="grid text-sm">
          <span className="font-medium text-slate-900">{what}</span>
          <span className="text-slate-600">{format.label}</span>
          <time dateTime={item.createdAt} className="text-slate-500">
            {formatUsDate(item.createdAt)}
          </time>
        </span>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>
      <CardContent className="grid gap-3">
        {status === 'complete' && (
          <VideoPlayer
            src={item.outputUrl}
            poster={item.poster}
            aspect={format}
            title={`${what} of ${formatUsDate(item.createdAt)}`}
            downloadName={`${item.kind === 'creator-clip' ? 'influencer-video' : 'lipsync-video'}-${item.key}${item.format && item.format !== DEFAULT_VIDEO_FORMAT ? `-${videoFormatTag(item.format)}` : ''}.mp4`}
          />
        )}
        {status === 'audio-only' && (
          <>
            <audio controls preload="none" src={item.audioUrl ?? undefined} className="w-full" />
            <p className="text-sm text-slate-600">Audio ready, video pending.</p>
            {item.project && <MakeTheVideo project={item.project} />}
          </>
        )}
        {status === 'processing' && <p className="text-sm text-slate-600">Processing generation...</p>}
        {preview && <p className="text-sm text-slate-700">{preview}</p>}
      </CardContent>
    </Card>
  );
}

/** An audio without its video (issue 37, item 9): the wizard opens at step 3 with it, on the actor it was made for. */
function MakeTheVideo({ project }: { project: Project }) {
  const navigate = useNavigate();
  async function open() {
    try {
      if (await handProjectToWizard(project)) void navigate('/');
      else toast({ title: ACTOR_GONE_MESSAGE, variant: 'destructive' });
    } catch (error) {
      toastFailure('Could not open the wizard', error);
    }
  }
  return (
    <Button size="sm" className="justify-self-start" onClick={() => void open()}>
      Make the video
    </Button>
  );
}
