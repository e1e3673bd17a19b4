import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { API_ROUTES, videoFormat, type Project } from '@lipcast/contracts';
import {
  AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogFooter, AlertDialogTrigger, Badge, Button, buttonVariants, Card, CardContent, Page, Spinner, VideoPlayer,
} from '@lipcast/ui';
import { callApi, handInfluencerToWizard, influencerName, influencerVideo, routeQuery, toast } from '@lipcast/web-kit';
import { failureToast } from '../wizard/errors';
import { downloadFileName } from '../wizard/rules';
import '../styles.css';

const preview = (text: string, length = 100) => (text.length > length ? `${text.slice(0, length)}...` : text);
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function ProjectCard({ project, onDeleted }: { project: Project; onDeleted: () => void }) {
  async function remove() {
    try {
      await callApi(API_ROUTES.deleteProject(project.id));
      toast({ title: 'Project deleted', variant: 'success' });
      onDeleted();
    } catch (error) {
      toast({ ...failureToast(error), variant: 'destructive' });
    }
  }
  return (
    <Card>
      <CardContent className="space-y-3 p-4">
        {project.outputUrl ? (
          // Its own poster (first frame at its format's aspect), and its captions' track and downloads when its job made them.
          <VideoPlayer
            src={project.outputUrl}
            poster={project.posterUrl}
            title={`Video ${project.id}`}
            downloadName={downloadFileName(new Date(project.createdAt), project.format)}
            aspect={videoFormat(project.format)}
            captions={project.captions}
            // Captions burned into the picture are not shown a second time by the track (issue 37, item 11).
            captionsOn={!project.captions?.burnedIn}
          />
        ) : (
          <div className="space-y-2 rounded-lg bg-slate-50 p-4">
            <p className="text-sm text-slate-600">Video not made yet</p>
            {project.audioUrl && <audio controls src={project.audioUrl} className="w-full" aria-label={`Audio of project ${project.id}`} />}
          </div>
        )}
        {project.audioParams?.text && <p className="text-sm text-slate-700">“{preview(project.audioParams.text)}”</p>}
        <Badge variant="outline">Format: {videoFormat(project.format).label}</Badge>
        <div className="flex items-center justify-between">
          <time dateTime={project.createdAt} className="text-xs text-slate-500">
            {DATE.format(new Date(project.createdAt))}
          </time>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="outline" size="sm">
                Delete
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent title="Delete this project?" description="Its audio and video are deleted too. This cannot be undone.">
              <AlertDialogFooter>
                <AlertDialogCancel>Cancel</AlertDialogCancel>
                <AlertDialogAction onClick={() => void remove()}>Delete</AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      </CardContent>
    </Card>
  );
}

/** The AI Influencer Creator's clips (issue 16): each with its portrait as the poster, under its one name, ready for the wizard. */
function InfluencerClips() {
  const { data } = useQuery(routeQuery(API_ROUTES.influencerProjects));
  const clips = (data ?? []).filter((project) => project.outputUrl);
  if (clips.length === 0) return null;
  return (
    <section className="mt-10 space-y-4" aria-labelledby="influencer-clips">
      <h2 id="influencer-clips" className="text-xl font-semibold text-slate-900">
        Influencer clips
      </h2>
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {clips.map((clip) => (
          <Card key={clip.id}>
            <CardContent className="space-y-3 p-4">
              <VideoPlayer src={clip.outputUrl} poster={clip.thumbnailUrl ?? clip.imageUrl} title={`Influencer clip ${clip.id}`} downloadName={`influencer-clip-${clip.id}.mp4`} />
              <h3 className="font-semibold text-slate-900">{influencerName(clip)}</h3>
              {/* Its owner gives it a voice whether or not it is published; one removed by an operator cannot be used in new videos. */}
              {clip.moderation.state !== 'removed' && (
                <Link to="/" className={buttonVariants({ size: 'sm' })} aria-label={`Open in the wizard: ${influencerName(clip)}`} onClick={() => handInfluencerToWizard(influencerVideo(clip))}>
                  Open in the wizard
                </Link>
              )}
              <time dateTime={clip.createdAt} className="text-xs text-slate-500">
                {DATE.format(new Date(clip.createdAt))}
              </time>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}

/** `/projects`: the signed-in user's generated videos (play, download, delete), then their Creator clips. */
export default function Projects() {
  const queryClient = useQueryClient();
  const projectsQuery = routeQuery(API_ROUTES.projects);
  const { data: projects, isLoading, isError } = useQuery(projectsQuery);
  return (
    <Page title="Your Projects" description="Manage your generated videos.">
      {isLoading && <Spinner label="Loading projects..." />}
      {isError && <p className="text-red-600">Failed to load your projects. Please try again later.</p>}
      {projects?.length === 0 && (
        <div className="space-y-3 text-center">
          <p className="text-slate-600">No projects yet.</p>
          <Link to="/create" className="font-semibold text-brand-700 underline">
            Create your first video
          </Link>
        </div>
      )}
      {projects && projects.length > 0 && (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {projects.map((project) => (
            <ProjectCard key={project.id} project={project} onDeleted={() => void queryClient.invalidateQueries({ queryKey: projectsQuery.queryKey })} />
          ))}
        </div>
      )}
      <InfluencerClips />
    </Page>
  );
}
