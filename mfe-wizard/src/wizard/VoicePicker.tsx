import { useEffect, useId, useRef, useState } from 'react';
import { voiceInfo, voiceSamplePath } from '@lipcast/contracts';
import { Badge, Button, cn } from '@lipcast/ui';
import { toast } from '@lipcast/web-kit';
import { PlayGlyph, StopGlyph } from './glyphs';

/**
 * The voices as a list to choose from (issue 16: choosing with confidence): each shows the catalog's
 * name and tags and can be heard first, in the chosen emotion. One sample plays at a time. The list
 * is one Tab stop (native radios), then the chosen voice's sample button; the pointer plays any.
 */
export function VoicePicker({
  voices,
  clonedNames = {},
  value,
  onChange,
  emotion,
  labelId,
}: {
  voices: readonly string[];
  /** The creator's cloned voices among `voices`, by id, with the names they gave them (no stored sample to play). */
  clonedNames?: Readonly<Record<string, string>>;
  value: string;
  onChange: (voice: string) => void;
  emotion: string;
  labelId: string;
}) {
  const group = useId();
  const player = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState<string | null>(null);

  // A sample in another emotion would not be the one asked for; leaving the step stops it too.
  useEffect(() => {
    player.current?.pause();
    setPlaying(null);
  }, [emotion]);
  useEffect(() => {
    const audio = player.current;
    return () => audio?.pause();
  }, []);

  function toggle(voice: string) {
    const audio = player.current;
    if (!audio) return;
    audio.pause();
    if (playing === voice) return void setPlaying(null);
    audio.src = voiceSamplePath(voice, emotion);
    setPlaying(voice);
    audio.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') return; // another sample took over
      setPlaying((current) => (current === voice ? null : current));
      toast({ title: 'Sample unavailable', description: `Could not play the sample of ${voiceInfo(voice).name}. Please try again.`, variant: 'destructive' });
    });
  }

  return (
    <>
      <div role="radiogroup" aria-labelledby={labelId} className="grid max-h-80 gap-2 overflow-y-auto p-0.5 sm:grid-cols-2">
        {voices.map((voice) => {
          const cloned = clonedNames[voice];
          const info = cloned ? { name: cloned, gender: null, tone: 'Your voice' } : voiceInfo(voice);
          const selected = voice === value;
          return (
            <div key={voice} className={cn('flex items-center gap-2 rounded-lg border p-2 transition-colors', selected ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white')}>
              <label className="flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-3">
                <input type="radio" name={group} value={voice} checked={selected} onChange={() => onChange(voice)} className="size-4 shrink-0 accent-brand-600" />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-slate-900">{info.name}</span>
                  {(info.gender || info.tone) && (
                    <span className="mt-1 flex flex-wrap gap-1">
                      {info.gender && <Badge variant="secondary">{info.gender}</Badge>}
                      {info.tone && <Badge variant="outline">{info.tone}</Badge>}
                    </span>
                  )}
                </span>
              </label>
              {!cloned && (
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  className="size-11"
                  // Only the chosen voice's sample is a Tab stop (issue 37, item 6: all 17 were): the arrow keys choose a voice, Tab reaches its sample.
                  tabIndex={selected ? undefined : -1}
                  aria-label={`${playing === voice ? 'Stop' : 'Play'} sample of ${info.name}`}
                  onClick={() => toggle(voice)}
                >
                  {playing === voice ? <StopGlyph /> : <PlayGlyph />}
                </Button>
              )}
            </div>
          );
        })}
      </div>
      <audio ref={player} data-testid="voice-sample-player" preload="none" className="hidden" onEnded={() => setPlaying(null)} />
    </>
  );
}
