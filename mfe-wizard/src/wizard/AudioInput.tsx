import { useEffect, useRef, useState } from 'react';
import { Button } from '@lipcast/ui';
import { toast } from '@lipcast/web-kit';
import { PlayGlyph, StopGlyph } from './glyphs';

/**
 * Step 3's audio input: one button that plays and stops it, saying which it does. A native player
 * is six Tab stops here (issue 37, item 6); the step before keeps the full player to scrub it.
 */
export function AudioInput({ url }: { url: string }) {
  const player = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const audio = player.current;
    return () => audio?.pause();
  }, []);

  function toggle() {
    const audio = player.current;
    if (!audio) return;
    if (playing) {
      audio.pause();
      audio.currentTime = 0;
      return setPlaying(false);
    }
    setPlaying(true);
    audio.play().catch(() => {
      setPlaying(false);
      toast({ title: 'Audio unavailable', description: 'Could not play the audio input. Please try again.', variant: 'destructive' });
    });
  }

  return (
    <>
      <Button type="button" variant="outline" onClick={toggle}>
        {playing ? <StopGlyph /> : <PlayGlyph />}
        {playing ? 'Stop the audio' : 'Play the audio'}
      </Button>
      <audio ref={player} src={url} preload="none" data-testid="audio-input-player" onEnded={() => setPlaying(false)} />
    </>
  );
}
