import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Project } from '@lipcast/contracts';
import { Badge, Button, Card, CardContent, Tabs, TabsContent, TabsList, TabsTrigger, VideoPlayer, type BadgeVariant } from '@lipcast/ui';
import { Waiting } from '../common/Waiting';
import { completedProjects, historyStatus, PROJECTS_QUERY_KEY, textPreview, type HistoryStatus } from './history';
import { formatUsDate } from './subscription-summary';

export const HISTORY_ERROR_MESSAGE = 'Failed to load your generations. Please try again later.';

/** The user's generations (`GET /api/projects`), all or only the completed ones. */
export function GenerationHistory() {
  const { data: projects, isLoading, isError } = useQuery<Project[]>({ queryKey: PROJECTS_QUERY_KEY });

  return (
    <section aria-labelledby="generation-history" className="mt-10">
      <h2 id="generation-history" className="text-2xl font-semibold text-slate-900">
        Generation History
      </h2>
      {isLoading ? (
        <div className="mt-4">
          <Waiting text="Loading your generations..." />
        </div>
      ) : isError || !projects ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {HISTORY_ERROR_MESSAGE}
        </p>
      ) : (
        <Tabs defaultValue="all" className="mt-4">
          <TabsList>
            <TabsTrigger value="all">All Generations</TabsTrigger>
            <TabsTrigger value="completed">Completed</TabsTrigger>
          </TabsList>
          <TabsContent value="all">
            <ProjectList projects={projects} emptyText="No generations yet" />
          </TabsContent>
          <TabsContent value="completed">
            <ProjectList projects={completedProjects(projects)} emptyText="No completed generations yet" />
          </TabsContent>
        </Tabs>
      )}
    </section>
  );
}

function ProjectList({ projects, emptyText }: { projects: Project[]; emptyText: string }) {
  if (projects.length === 0) {
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
      {projects.map((project) => (
        <li key={project.id}>
          <HistoryCard project={project} />
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
export function HistoryCard({ project }: { project: Project }) {
  const status = historyStatus(project);
  const badge = STATUS_BADGE[status];
  const preview = textPreview(project.audioParams?.text);
  return (
    <Card className="h-full">
      <div className="flex items-center justify-between gap-2 px-6 pt-6 pb-3">
        <time dateTime={project.createdAt} className="text-sm text-slate-500">
          {formatUsDate(project.createdAt)}
        </time>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>
      <CardContent className="grid gap-3">
        {status === 'complete' && (
          <VideoPlayer src={project.outputUrl} title={`Video of ${formatUsDate(project.createdAt)}`} downloadName={`lipsync-video-${project.id}.mp4`} />
        )}
        {status === 'audio-only' && (
          <>
            <audio controls preload="none" src={project.audioUrl ?? undefined} className="w-full" />
            <p className="text-sm text-slate-600">Audio ready, video pending.</p>
          </>
        )}
        {status === 'processing' && <p className="text-sm text-slate-600">Processing generation...</p>}
        {preview && <p className="text-sm text-slate-700">{preview}</p>}
      </CardContent>
    </Card>
  );
}
