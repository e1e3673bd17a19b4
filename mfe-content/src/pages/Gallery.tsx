import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { AI_GENERATED_LABEL, API_ROUTES, videoFormat, type InfluencerProject } from '@lipcast/contracts';
import { Badge, Button, buttonVariants, cn, Page, Spinner } from '@lipcast/ui';
import { callApi, handInfluencerToWizard, loginUrl, navigateAway, toast, useAccount } from '@lipcast/web-kit';
import { fetchGallery, formatDuration, GALLERY_EMPTY, GALLERY_ERROR, GALLERY_QUERY_KEY, galleryTitle, selectedInfluencerRecord } from '../gallery/gallery';
import { ReportDialog } from '../gallery/ReportDialog';
import '../styles.css';

function GalleryCard({ item, selected, onSelect, onDelete, onReport }: { item: InfluencerProject; selected: boolean; onSelect: () => void; onDelete: () => void; onReport: () => void }) {
  return (
    <div className={cn('relative overflow-hidden rounded-xl border-2 bg-white', selected ? 'border-brand-600 ring-2 ring-brand-200' : 'border-slate-200')}>
      <button type="button" aria-pressed={selected} onClick={onSelect} className="block w-full text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
        <img src={item.thumbnailUrl ?? item.imageUrl} alt="" className="aspect-[3/4] w-full object-cover" />
        <span className="flex items-center justify-between px-3 py-2">
          <span className="font-medium text-slate-900">{galleryTitle(item)}</span>
          <Badge variant="secondary" aria-label={`Duration ${formatDuration(item.duration)}`}>
            {formatDuration(item.duration)}
          </Badge>
        </span>
        {/* The clip's format, as the gallery data says it (absent: the portrait card). */}
        <span className="block px-3 pb-2 text-xs text-slate-600">Format: {videoFormat(item.format).label}</span>
        {/* A real person's face animated: said on it, so nobody takes the clip for footage (issue 35). */}
        {item.imageKind === 'upload' && (
          <span className="block px-3 pb-2">
            <Badge variant="outline">{AI_GENERATED_LABEL}</Badge>
          </span>
        )}
      </button>
      {selected && (
        <span aria-hidden className="absolute top-2 right-2 flex h-7 w-7 items-center justify-center rounded-full bg-brand-600 text-white">
          ✓
        </span>
      )}
      {!item.isOwner && (
        <div className="flex justify-end px-3 pb-2">
          <button type="button" onClick={onReport} className="text-xs text-slate-500 underline hover:text-slate-800" aria-label={`Report ${galleryTitle(item)}`}>
            Report
          </button>
        </div>
      )}
      {item.isOwner && (
        <Button variant="outline" size="sm" className="absolute top-2 left-2 bg-white/90" onClick={onDelete} aria-label={`Delete ${galleryTitle(item)}`}>
          Delete
        </Button>
      )}
    </div>
  );
}

/** Community influencers (spec section 2): influencers their owners published, with a video; pick one to give it words in the wizard. */
export default function Gallery() {
  const navigate = useNavigate();
  const { isSignedIn } = useAccount();
  const queryClient = useQueryClient();
  const { data: items, isLoading, isError } = useQuery({ queryKey: GALLERY_QUERY_KEY, queryFn: fetchGallery });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [reporting, setReporting] = useState<InfluencerProject | null>(null);
  const selected = items?.find((item) => item.id === selectedId) ?? null;

  async function remove(item: InfluencerProject) {
    try {
      await callApi(API_ROUTES.deleteInfluencer(item.id));
      toast({ title: 'Influencer deleted successfully', variant: 'success' });
      if (selectedId === item.id) setSelectedId(null);
    } catch {
      toast({ title: 'Failed to delete influencer', variant: 'destructive' });
    } finally {
      void queryClient.invalidateQueries({ queryKey: GALLERY_QUERY_KEY });
    }
  }

  function continueToAudio() {
    if (!selected) return void toast({ title: 'Please select an influencer first', variant: 'destructive' });
    handInfluencerToWizard(selectedInfluencerRecord(selected));
    // The wizard at `/` is for signed-in users (a visitor sees the landing page there): a visitor
    // signs in first and comes back to `/`, where the wizard finds the choice in session storage.
    if (!isSignedIn) return void navigateAway(loginUrl('/'), 'Login failed');
    navigate('/');
    toast({ title: 'Influencer Selected', description: 'Now you can create audio for this influencer', variant: 'success' });
  }

  return (
    <Page title="User Generated Influencers" description="Influencers made by the community. Pick one and give it your own words.">
      {isLoading && <Spinner label="Loading influencers..." />}
      {isError && <p className="text-red-600">{GALLERY_ERROR}</p>}
      {items?.length === 0 && (
        <div className="space-y-4 rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <p className="text-slate-600">{GALLERY_EMPTY}</p>
          <Link to="/ai-influencer" className={buttonVariants()}>
            Create Your Own Influencer
          </Link>
        </div>
      )}
      {items && items.length > 0 && (
        <div className="space-y-6">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
            {items.map((item) => (
              <GalleryCard
                key={item.id}
                item={item}
                selected={item.id === selectedId}
                onSelect={() => setSelectedId(item.id)}
                onDelete={() => void remove(item)}
                onReport={() => setReporting(item)}
              />
            ))}
          </div>
          {/* The gallery is long on a phone: Continue stays in reach at the bottom of the screen (issue 37, item 5). */}
          <div data-testid="gallery-continue-bar" className="sticky bottom-0 z-10 -mx-4 flex justify-end border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
            <Button onClick={continueToAudio} disabled={!selected}>
              Continue to Audio Generation
            </Button>
          </div>
        </div>
      )}
      {reporting && (
        <ReportDialog
          projectId={reporting.id}
          title={galleryTitle(reporting)}
          onClose={() => setReporting(null)}
          onReported={() => {
            setReporting(null);
            void queryClient.invalidateQueries({ queryKey: GALLERY_QUERY_KEY });
          }}
        />
      )}
    </Page>
  );
}
