import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, cn, Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, Slider, Textarea } from '@lipcast/ui';
import { isPaymentRequired, toast } from '@lipcast/web-kit';
import { createAudio, DEFAULT_VOICE, defaultVoice, EMOTIONS, fetchVoices } from './generation-api';
import { failureToast } from './errors';
import { dialogueProblem, estimateSpeechSeconds } from './rules';
import type { SelectedVideo } from './selected-video';

export const VOICES_FAILED_MESSAGE = 'Failed to load voice options. Using default voice.';
/** Audio takes 1 to 2 minutes with a provider: a reminder after 30 s (spec section 9). */
const REMINDER_AFTER_MS = 30_000;

export interface CreatedAudio {
  url: string;
  text: string;
  voice: string;
  emotion: string;
  pitch: number;
  speed: number;
}

const voiceLabel = (voice: string) => voice.replaceAll('_', ' ');

/** Step 2, "Create Audio": the dialogue and the voice, a preview, then Next. */
export function AudioStep({ video, initial, onBack, onNext }: { video: SelectedVideo; initial: CreatedAudio | null; onBack: () => void; onNext: (audio: CreatedAudio) => void }) {
  const ids = { text: useId(), voice: useId(), emotion: useId(), pitch: useId(), speed: useId(), warning: useId() };
  const voices = useQuery({ queryKey: ['/api/replicate/voices'], queryFn: fetchVoices });
  const [text, setText] = useState(initial?.text ?? '');
  const [voice, setVoice] = useState<string | null>(initial?.voice ?? null);
  const [emotion, setEmotion] = useState(initial?.emotion ?? 'neutral');
  const [pitch, setPitch] = useState(initial?.pitch ?? 0);
  const [speed, setSpeed] = useState(initial?.speed ?? 1);
  const [audio, setAudio] = useState<CreatedAudio | null>(initial);
  const [loading, setLoading] = useState(false);
  const loadingRef = useRef(false);

  useEffect(() => {
    if (voices.isError) toast({ title: 'Error', description: VOICES_FAILED_MESSAGE, variant: 'destructive' });
  }, [voices.isError]);
  const voiceOptions = voices.data?.length ? voices.data : [DEFAULT_VOICE];
  const chosenVoice = voice && voiceOptions.includes(voice) ? voice : defaultVoice(voiceOptions);

  const estimate = estimateSpeechSeconds(text);
  const problem = dialogueProblem(text, video.duration);
  const tooLong = problem?.kind === 'too-long';

  async function generate() {
    if (loadingRef.current) return; // a second press while generating is ignored
    if (problem?.kind === 'empty') return void toast({ title: problem.message, variant: 'destructive' });
    loadingRef.current = true;
    setLoading(true);
    const reminder = setTimeout(() => toast({ title: 'Still working', description: 'Audio generation can take a minute or two. Thanks for waiting!', variant: 'info' }), REMINDER_AFTER_MS);
    try {
      const settings = { text: text.trim(), voice_id: chosenVoice, emotion, pitch, speed, volume: 1, language: 'English', estimatedDuration: estimate, videoDuration: video.duration, videoId: video.id };
      const result = await createAudio(settings, () => setEmotion('neutral'));
      if (isPaymentRequired(result)) return;
      setAudio({ url: result, text: settings.text, voice: chosenVoice, emotion, pitch, speed });
      toast({ title: 'Audio Generated', description: 'Listen to the preview, then press Next.', variant: 'success' });
    } catch (error) {
      toast({ ...failureToast(error), variant: 'destructive' });
    } finally {
      clearTimeout(reminder);
      loadingRef.current = false;
      setLoading(false);
    }
  }

  function next() {
    if (problem?.kind === 'empty') return void toast({ title: problem.message, variant: 'destructive' });
    if (problem?.kind === 'too-long') return void toast({ title: problem.title, description: problem.message, variant: 'destructive' });
    if (!audio) return void toast({ title: 'Please generate audio first', variant: 'destructive' });
    onNext(audio);
  }

  return (
    <section className="space-y-6">
      <div className="space-y-2">
        <Label htmlFor={ids.text}>Dialogue</Label>
        <Textarea
          id={ids.text}
          rows={5}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setAudio(null); // the preview no longer matches the words
          }}
          placeholder="Type what your actor should say..."
          aria-invalid={tooLong}
          aria-describedby={ids.warning}
          className={cn(tooLong && 'border-2 border-red-500 focus-visible:ring-red-500')}
        />
        <p id={ids.warning} className={cn('text-sm', tooLong ? 'text-red-600' : 'text-slate-500')}>
          {tooLong ? `⚠ ${problem.message}` : `Estimated duration: ${estimate.toFixed(1)}s of ${video.duration}s`}
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <div className="space-y-2">
          <Label id={ids.voice}>Voice</Label>
          <Select value={chosenVoice} onValueChange={setVoice}>
            <SelectTrigger aria-labelledby={ids.voice}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {voiceOptions.map((option) => (
                <SelectItem key={option} value={option}>
                  {voiceLabel(option)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="space-y-2">
          <Label id={ids.emotion}>Emotion</Label>
          <Select value={emotion} onValueChange={setEmotion}>
            <SelectTrigger aria-labelledby={ids.emotion}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {EMOTIONS.map((option) => (
                <SelectItem key={option} value={option}>
                  {option[0].toUpperCase() + option.slice(1)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="space-y-3">
          <Label id={ids.pitch}>Pitch: {pitch}</Label>
          <Slider aria-labelledby={ids.pitch} thumbLabel="Pitch" min={-10} max={10} step={1} value={[pitch]} onValueChange={([value]) => setPitch(value)} />
        </div>
        <div className="space-y-3">
          <Label id={ids.speed}>Speed: {speed.toFixed(1)}x</Label>
          <Slider aria-labelledby={ids.speed} thumbLabel="Speed" min={0.5} max={2} step={0.1} value={[speed]} onValueChange={([value]) => setSpeed(Math.round(value * 10) / 10)} />
        </div>
      </div>
      <div className="space-y-3">
        <Button onClick={() => void generate()} disabled={loading} aria-busy={loading}>
          {loading ? 'Generating Audio...' : 'Generate Audio'}
        </Button>
        {audio && (
          <div className="space-y-1">
            <p className="text-sm font-medium text-slate-700">Audio preview</p>
            <audio controls src={audio.url} className="w-full" aria-label="Audio preview" />
          </div>
        )}
      </div>
      <div className="flex justify-between">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button onClick={next}>Next</Button>
      </div>
    </section>
  );
}
