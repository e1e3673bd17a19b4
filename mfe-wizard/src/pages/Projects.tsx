import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { API_ROUTES, PROJECT_TITLE, projectName, videoFormat, type Project } from '@lipcast/contracts';
import {
  AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogFooter, AlertDialogTrigger, Badge, Button, buttonVariants, Card, CardContent, Dialog, DialogContent,
  DialogFooter, Input, Label, Page, Spinner, VideoPlayer,
} from '@lipcast/ui';
import { ACTOR_GONE_MESSAGE, callApi, handInfluencerToWizard, handProjectToWizard, influencerName, influencerVideo, routeQuery, toast } from '@lipcast/web-kit';
import { failureToast } from '../wizard/errors';
import { downloadFileName } from '../wizard/rules';
import '../styles.css';

const preview = (text: string, length = 100) => (text.length > length ? `${text.slice(0, length)}...` : text);
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Rename": the video's name in a dialog; a blank name gives it back its number. */
function RenameVideo({ project, onRenamed }: { project: Project; onRenamed: () => void }) {
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(project.title ?? '');
  const [saving, setSaving] = useState(false);
  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await callApi(API_ROUTES.renameProject(project.id), { body: { title } });
      toast({ title: 'Video renamed', variant: 'success' });
      setOpen(false);
      onRenamed();
    } catch (error) {
      toast({ ...failureToast(error), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setTitle(project.title ?? '');
      }}
    >
      <Button variant="outline" size="sm" aria-label={`Rename ${projectName(project)}`} onClick={() => setOpen(true)}>
        Rename
      </Button>
      <DialogContent title="Rename video" description="Leave the name empty to call it by its number again.">
        <form onSubmit={(event) => void save(event)} className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor={inputId}>Video name</Label>
            <Input id={inputId} value={title} maxLength={PROJECT_TITLE.max} placeholder={`Video ${project.id}`} onChange={(event) => setTitle(event.target.value)} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** One video to manage: play, download (the player's own button), rename, open in the wizard, delete. */
function ProjectCard({ project, onChanged }: { project: Project; onChanged: () => void }) {
  const navigate = useNavigate();
  const name = projectName(project);
  async function remove() {
    try {
      await callApi(API_ROUTES.deleteProject(project.id));
      toast({ title: 'Project deleted', variant: 'success' });
      onChanged();
    } catch (error) {
      toast({ ...failureToast(error), variant: 'destructive' });
    }
  }
  // Its actor and audio open at the wizard's last step: the same words again, in another format or with other captions.
  async function openInWizard() {
    try {
      if (await handProjectToWizard(project)) void navigate('/');
      else toast({ title: ACTOR_GONE_MESSAGE, variant: 'destructive' });
    } catch (error) {
      toast({ ...failureToast(error), variant: 'destructive' });
    }
  }
  return (
    // Unnamed: named after its heading, it would also answer to the player's label ("Video 7").
    <Card role="article">
      <CardContent className="space-y-3 p-4">
        <h3 className="font-semibold text-slate-900">
          {name}
        </h3>
        {/* Its own poster (first frame at its format's aspect), and its captions' track and downloads when its job made them. */}
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
        {project.audioParams?.text && <p className="text-sm text-slate-700">“{preview(project.audioParams.text)}”</p>}
        <Badge variant="outline">Format: {videoFormat(project.format).label}</Badge>
        <time dateTime={project.createdAt} className="block text-xs text-slate-500">
          {DATE.format(new Date(project.createdAt))}
        </time>
        <div className="flex flex-wrap items-center gap-2">
          <RenameVideo project={project} onRenamed={onChanged} />
          {project.audioUrl && (
            <Button variant="outline" size="sm" aria-label={`Open in the wizard: ${name}`} onClick={() => void openInWizard()}>
              Open in the wizard
            </Button>
          )}
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

/**
 * `/projects`: the signed-in user's videos to manage (rename, download, open in the wizard, delete),
 * then their Creator clips. The history of every generation, audio included, is /profile's (issue 37, item 9).
 */
export default function Projects() {
  const queryClient = useQueryClient();
  const projectsQuery = routeQuery(API_ROUTES.projects);
  const { data: projects, isLoading, isError } = useQuery(projectsQuery);
  const videos = projects?.filter((project) => project.outputUrl);
  return (
    <Page title="Your Projects" description="Manage your generated videos.">
      <p className="mb-6 text-sm text-slate-600">
        Audio still waiting for its video is in your{' '}
        <Link to="/profile" className="font-semibold text-brand-700 underline">
          generation history
        </Link>
        .
      </p>
      {isLoading && <Spinner label="Loading projects..." />}
      {isError && <p className="text-red-600">Failed to load your projects. Please try again later.</p>}
      {videos?.length === 0 && (
        <div className="space-y-3 text-center">
          <p className="text-slate-600">No projects yet.</p>
          <Link to="/create" className="font-semibold text-brand-700 underline">
            Create your first video
          </Link>
        </div>
      )}
      {videos && videos.length > 0 && (
        <section className="space-y-4" aria-labelledby="your-videos">
          <h2 id="your-videos" className="text-xl font-semibold text-slate-900">
            Your videos
          </h2>
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {videos.map((project) => (
              <ProjectCard key={project.id} project={project} onChanged={() => void queryClient.invalidateQueries({ queryKey: projectsQuery.queryKey })} />
            ))}
          </div>
        </section>
      )}
      <InfluencerClips />
    </Page>
  );
}
