import { useEffect, useRef, useState } from 'react';
import { mediaDownloadUrl, type CaptionFiles } from '@lipcast/contracts';
import { buttonVariants, Button } from './button';
import { cn } from './cn';

/** The last segment of an address, without its query: the download's name when none is given. */
const fileNameOf = (src: string) => src.split('?')[0].split('/').pop() ?? 'video.mp4';

export interface VideoPlayerProps {
  src?: string | null;
  poster?: string;
  /** Accessible name of the video. */
  title?: string;
  autoPlay?: boolean;
  loop?: boolean;
  muted?: boolean;
  /** File name for "Download Video"; without it the button is not shown. */
  downloadName?: string;
  /**
   * "frame" (default) fills an 8:9 frame; "natural" shows the video at its own size, never upscaled
   * past 1x and at most 70% of the viewport's height, so a result stays sharp with its actions in view.
   */
  fit?: 'frame' | 'natural';
  /** The frame's shape for `fit="frame"` (a video format's width and height); 8:9, the portrait card's, unless said. */
  aspect?: { width: number; height: number };
  /** The video's word-timed captions: a `<track kind="captions">` with an on/off toggle, and SRT and VTT downloads. */
  captions?: CaptionFiles | null;
  /** The captions downloads' name, without extension; from `downloadName` (or the video's file name) unless said. */
  captionsFileName?: string;
  /** Whether the captions track shows when the video loads (off for a video with captions burned in); on unless said. */
  captionsOn?: boolean;
  className?: string;
}

/** If a video has not begun loading after this long, loading is started again (spec section 4). */
export const LOAD_RETRY_MS = 3000;
export const OFFLINE_TIP = "If video doesn't play, try downloading it to watch offline.";

/**
 * Without a poster image, a video shows its frame at 0.1 s as its poster (a media fragment with
 * preload="metadata"), so no video is a black box before it plays, on mobile too.
 */
export function withFirstFramePoster(src: string, poster?: string): string {
  return poster || src.includes('#') ? src : `${src}#t=0.1`;
}

/** Touch-first devices: autoplay is unreliable there and costs data, so the user starts playback. */
export function isMobileDevice(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * The one video player of every app (spec section 2, "Reusable video player"): an empty state, an
 * error state with Retry, Download and the offline tip, a "Download Video" button, a loading retry
 * after 3 s, and no autoplay on mobile (a play overlay instead).
 */
export function VideoPlayer({
  src,
  poster,
  title = 'Video',
  autoPlay = false,
  loop = false,
  muted = false,
  downloadName,
  fit = 'frame',
  aspect,
  captions,
  captionsOn = true,
  captionsFileName,
  className,
}: VideoPlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const [showCaptions, setShowCaptions] = useState(captionsOn);
  const [attempt, setAttempt] = useState(0);
  const [mobile] = useState(isMobileDevice);
  const [overlay, setOverlay] = useState(mobile);

  useEffect(() => {
    setFailed(false);
    setOverlay(mobile);
  }, [src, mobile]);

  useEffect(() => setShowCaptions(captionsOn), [src, captionsOn]);

  // The track's mode follows the toggle (the browser's own captions menu may change it too).
  useEffect(() => {
    const track = video.current?.textTracks?.[0];
    if (track) track.mode = showCaptions ? 'showing' : 'hidden';
  }, [showCaptions, captions?.vttUrl, attempt, failed]);

  useEffect(() => {
    if (!src || failed) return;
    const timer = setTimeout(() => {
      const element = video.current;
      if (element && element.readyState === HTMLMediaElement.HAVE_NOTHING) element.load();
    }, LOAD_RETRY_MS);
    return () => clearTimeout(timer);
  }, [src, failed, attempt]);

  if (!src) {
    return (
      <div className={cn('grid aspect-[8/9] place-items-center rounded-xl bg-neutral-100 text-sm text-neutral-500', className)}>No video available</div>
    );
  }

  const download = (label: string) => (
    <a href={mediaDownloadUrl(src, downloadName ?? fileNameOf(src))} download={downloadName ?? true} className={buttonVariants({ variant: 'outline' })}>
      {label}
    </a>
  );

  if (failed) {
    return (
      <div role="alert" className={cn('grid aspect-[8/9] place-content-center gap-3 rounded-xl bg-neutral-100 p-6 text-center', className)}>
        <p className="font-medium text-neutral-900">Video playback error</p>
        <div className="flex justify-center gap-2">
          <Button
            onClick={() => {
              setFailed(false);
              setAttempt((count) => count + 1);
            }}
          >
            Retry
          </Button>
          {download('Download')}
        </div>
        <p className="text-sm text-neutral-600">{OFFLINE_TIP}</p>
      </div>
    );
  }

  return (
    <div className={cn('grid gap-3', className)}>
      <div className={cn('relative overflow-hidden rounded-xl bg-black', fit === 'natural' && 'w-fit max-w-full')}>
        <video
          key={attempt}
          ref={video}
          src={withFirstFramePoster(src, poster)}
          poster={poster}
          aria-label={title}
          controls={!overlay}
          autoPlay={autoPlay && !mobile}
          loop={loop}
          muted={muted}
          playsInline
          preload="metadata"
          className={fit === 'natural' ? 'block h-auto max-h-[70vh] w-auto max-w-full object-contain' : cn('w-full object-contain', !aspect && 'aspect-[8/9]')}
          style={fit === 'frame' && aspect ? { aspectRatio: `${aspect.width} / ${aspect.height}` } : undefined}
          onError={() => setFailed(true)}
        >
          {captions && <track kind="captions" src={captions.vttUrl} srcLang="en" label="English" default={showCaptions} />}
        </video>
        {overlay && (
          <button
            type="button"
            aria-label={`Play ${title}`}
            className="absolute inset-0 grid place-items-center bg-black/30 text-white"
            onClick={() => {
              setOverlay(false);
              void video.current?.play().catch(() => undefined);
            }}
          >
            <span aria-hidden className="grid size-16 place-items-center rounded-full bg-white/90 text-2xl text-neutral-900">▶</span>
          </button>
        )}
      </div>
      {(captions || downloadName) && (
        <div className="flex flex-wrap items-center gap-2">
          {downloadName && download('Download Video')}
          {captions && (
            <Button variant="outline" aria-pressed={showCaptions} onClick={() => setShowCaptions((shown) => !shown)}>
              {showCaptions ? 'Hide captions' : 'Show captions'}
            </Button>
          )}
          {captions && (
            <>
              {(['srt', 'vtt'] as const).map((extension) => {
                const name = `${captionsFileName ?? (downloadName ?? fileNameOf(src)).replace(/\.mp4$/, '')}.${extension}`;
                return (
                  <a key={extension} href={mediaDownloadUrl(extension === 'srt' ? captions.srtUrl : captions.vttUrl, name)} download={name} className={buttonVariants({ variant: 'link' })}>
                    Captions ({extension.toUpperCase()})
                  </a>
                );
              })}
            </>
          )}
        </div>
      )}
    </div>
  );
}
