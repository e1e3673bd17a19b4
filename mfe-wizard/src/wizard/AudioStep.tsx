import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { API_ROUTES, SPEECH_PITCH, SPEECH_SPEED, VOICE_EMOTIONS, type AudioCaptionsSource } from '@lipcast/contracts';
import { Button, cn, Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, Slider, Textarea } from '@lipcast/ui';
import { routeQuery, toast, useAccount, useDraft, type HandedAudio, type SelectedVideo } from '@lipcast/web-kit';
import { createAudio, DEFAULT_VOICE, defaultVoice, fetchVoices } from './generation-api';
import { failureToast } from './errors';
import { dialogueProblem, estimateSpeechSeconds, recordingProblem } from './rules';
import { ChosenActor } from './ChosenActor';
import { CloneVoice } from './CloneVoice';
import { OwnVoice } from './OwnVoice';
import { VoicePicker } from './VoicePicker';

export const VOICES_FAILED_MESSAGE = 'Failed to load voice options. Using default voice.';
/** Audio takes 1 to 2 minutes with a provider: a reminder after 30 s (spec section 9). */
const REMINDER_AFTER_MS = 30_000;

/** The audio step 3 puts on the actor: what a history item hands over too (`HandedAudio`), and a recording's details. */
export interface CreatedAudio extends HandedAudio {
  /** The creator's own voice (issue 35): its length and where its captions come from. */
  recorded?: { durationSeconds: number; captions: AudioCaptionsSource };
}

/** The draft of step 2's dialogue (`useDraft`). */
export const DIALOGUE_DRAFT = 'wizard.dialogue';

export const NO_AUDIO_MESSAGE = 'Please generate audio first';
export const NO_RECORDING_MESSAGE = 'Please record or upload your voice first';
/** What a lip-sync's audio params name as the voice of the creator's own recording. */
export const OWN_VOICE = 'own_voice';

type VoiceSource = 'ai' | 'own';

/** Step 2, "Create Audio": the dialogue and the voice, a preview, then Next. */
export function AudioStep({ video, initial, onBack, onNext }: { video: SelectedVideo; initial: CreatedAudio | null; onBack: () => void; onNext: (audio: CreatedAudio) => void }) {
  const ids = { text: useId(), voice: useId(), emotion: useId(), pitch: useId(), speed: useId(), warning: useId(), noAudio: useId(), source: useId() };
  const voices = useQuery({ queryKey: ['/api/replicate/voices'], queryFn: fetchVoices });
  // The dialogue survives a reload (kept per user in this browser) until its audio is taken to step 3.
  const [text, setText, forgetText] = useDraft(DIALOGUE_DRAFT, initial?.text ?? '', { revive: (kept) => (initial ? initial.text : typeof kept === 'string' ? kept : null) });
  const [voice, setVoice] = useState<string | null>(initial?.voice ?? null);
  const [emotion, setEmotion] = useState(initial?.emotion ?? 'neutral');
  const [pitch, setPitch] = useState(initial?.pitch ?? 0);
  const [speed, setSpeed] = useState(initial?.speed ?? 1);
  const [audio, setAudio] = useState<CreatedAudio | null>(initial);
  const [source, setSource] = useState<VoiceSource>(initial?.recorded ? 'own' : 'ai');
  const own = source === 'own';
  const [recordedSeconds, setRecordedSeconds] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const loadingRef = useRef(false);
  // Validation is said beside its field (issue 16), not in a toast: the dialogue once Next or
  // Generate was pressed (until it changes), and the missing audio beside the Generate button.
  const [checked, setChecked] = useState(false);
  const [audioMissing, setAudioMissing] = useState(false);
  const textField = useRef<HTMLTextAreaElement>(null);
  // A new preview (made or recorded here) is brought to the middle of the screen (issue 37, item 13):
  // it appears at the bottom of the form, where the spec's toasts (bottom right) would lie over it.
  const preview = useRef<HTMLAudioElement>(null);
  const previewUrl = useRef(initial?.url);
  const generateButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!audio || audio.url === previewUrl.current) return;
    previewUrl.current = audio.url;
    preview.current?.scrollIntoView?.({ block: 'center' });
  }, [audio]);

  useEffect(() => {
    if (voices.isError) toast({ title: 'Error', description: VOICES_FAILED_MESSAGE, variant: 'destructive' });
  }, [voices.isError]);
  // The creator's cloned voices (issue 35) come after the provider's, named as they named them.
  const { isSignedIn } = useAccount();
  const clones = useQuery({ ...routeQuery(API_ROUTES.ownVoices), enabled: isSignedIn });
  const clonedNames = Object.fromEntries((clones.data?.voices ?? []).map((clone) => [clone.id, clone.name]));
  const voiceOptions = [...(voices.data?.length ? voices.data : [DEFAULT_VOICE]), ...Object.keys(clonedNames)];
  const chosenVoice = voice && voiceOptions.includes(voice) ? voice : defaultVoice(voiceOptions);

  const estimate = estimateSpeechSeconds(text);
  // With their own voice the text is optional (it captions the video); the length rule holds either way.
  const ownSeconds = audio?.recorded?.durationSeconds ?? recordedSeconds;
  const problem = own ? (ownSeconds !== null ? recordingProblem(ownSeconds, video.duration) : null) : dialogueProblem(text, video.duration);
  const tooLong = problem?.kind === 'too-long';
  const textInvalid = tooLong || (checked && problem !== null);

  /** Shows the dialogue's problem under it and takes the user there. */
  function refuseDialogue() {
    setChecked(true);
    textField.current?.focus();
  }

  async function generate() {
    if (loadingRef.current) return; // a second press while generating is ignored
    if (problem?.kind === 'empty') return refuseDialogue();
    loadingRef.current = true;
    setLoading(true);
    const reminder = setTimeout(() => toast({ title: 'Still working', description: 'Audio generation can take a minute or two. Thanks for waiting!', variant: 'info' }), REMINDER_AFTER_MS);
    try {
      const settings = { text: text.trim(), voice_id: chosenVoice, emotion, pitch, speed, volume: 1, language: 'English', estimatedDuration: estimate, videoDuration: video.duration, videoId: video.id };
      const result = await createAudio(settings, () => setEmotion('neutral'));
      setAudio({ url: result, text: settings.text, voice: chosenVoice, emotion, pitch, speed });
      setAudioMissing(false);
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
    if (problem) return own ? setChecked(true) : refuseDialogue();
    if (!audio) {
      setAudioMissing(true);
      generateButton.current?.focus();
      return;
    }
    forgetText();
    onNext(audio);
  }

  /** Under the dialogue: its problem once checked (a too-long one always), else the estimate. */
  function dialogueNote() {
    if (own) return problem?.kind === 'too-long' ? `⚠ ${problem.title}. ${problem.message}` : 'Optional with your own voice: what you say, for the captions.';
    if (problem?.kind === 'empty' && checked) return problem.message;
    if (problem?.kind === 'too-long') return checked ? `${problem.title}. ${problem.message}` : `⚠ ${problem.message}`;
    return `Estimated duration: ${estimate.toFixed(1)}s of ${video.duration}s`;
  }

  return (
    <section className="space-y-6">
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_10rem]">
        <div className="space-y-2">
          <Label htmlFor={ids.text}>{own ? 'Dialogue (optional)' : 'Dialogue'}</Label>
          <Textarea
            ref={textField}
            id={ids.text}
            rows={5}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setChecked(false);
              setAudio(null); // the preview no longer matches the words
            }}
            placeholder={own ? 'Type what you say in your recording...' : 'Type what your actor should say...'}
            aria-invalid={textInvalid && !own}
            aria-describedby={ids.warning}
            className={cn(textInvalid && !own && 'border-2 border-red-500 focus-visible:ring-red-500')}
          />
          <p id={ids.warning} data-testid="dialogue-note" className={cn('text-sm', textInvalid ? 'text-red-600' : 'text-slate-500')}>
            {dialogueNote()}
          </p>
        </div>
        {/* On a phone it comes first: who will speak, then what they say. */}
        <ChosenActor video={video} className="order-first md:order-none" />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Whose voice</legend>
        <div className="flex flex-wrap gap-4">
          {(
            [
              ['ai', 'An AI voice'],
              ['own', 'Your own voice'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name={ids.source}
                value={value}
                checked={source === value}
                disabled={loading}
                onChange={() => {
                  setSource(value);
                  setAudio(null); // the other source's audio is not what this one makes
                  setChecked(false);
                  setAudioMissing(false);
                }}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {own ? (
        <>
          <OwnVoice
            text={text}
            onLength={setRecordedSeconds}
            onUploaded={(answer) => {
              setAudio({ url: answer.url, text: text.trim(), voice: OWN_VOICE, emotion: 'neutral', pitch: 0, speed: 1, recorded: { durationSeconds: answer.durationSeconds, captions: answer.captions } });
              setAudioMissing(false);
              toast({ title: 'Your Voice Is Ready', description: 'Listen to the preview, then press Next.', variant: 'success' });
            }}
          />
          <CloneVoice recording={audio?.recorded ? { url: audio.url, durationSeconds: audio.recorded.durationSeconds } : null} />
        </>
      ) : (
        <>
          <div className="grid gap-6 md:grid-cols-3">
            <div className="space-y-2">
              <Label id={ids.emotion}>Emotion</Label>
              <Select value={emotion} onValueChange={setEmotion}>
                <SelectTrigger aria-labelledby={ids.emotion}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {VOICE_EMOTIONS.map((option) => (
                    <SelectItem key={option} value={option}>
                      {option[0].toUpperCase() + option.slice(1)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="space-y-3">
              <Label id={ids.pitch}>Pitch: {pitch}</Label>
              <Slider aria-labelledby={ids.pitch} thumbLabel="Pitch" min={SPEECH_PITCH.min} max={SPEECH_PITCH.max} step={1} value={[pitch]} onValueChange={([value]) => setPitch(value)} />
            </div>
            <div className="space-y-3">
              <Label id={ids.speed}>Speed: {speed.toFixed(1)}x</Label>
              <Slider aria-labelledby={ids.speed} thumbLabel="Speed" min={SPEECH_SPEED.min} max={SPEECH_SPEED.max} step={0.1} value={[speed]} onValueChange={([value]) => setSpeed(Math.round(value * 10) / 10)} />
            </div>
          </div>
          <div className="space-y-2">
            <Label id={ids.voice}>Voice</Label>
            <p className="text-sm text-slate-500">Press play to hear a voice in the chosen emotion.</p>
            <VoicePicker voices={voiceOptions} clonedNames={clonedNames} value={chosenVoice} onChange={setVoice} emotion={emotion} labelId={ids.voice} />
          </div>
          <div className="space-y-3">
            <div className="flex flex-wrap items-center gap-3">
              <Button ref={generateButton} onClick={() => void generate()} disabled={loading} aria-busy={loading} aria-describedby={audioMissing ? ids.noAudio : undefined}>
                {loading ? 'Generating Audio...' : 'Generate Audio'}
              </Button>
              {audioMissing && (
                <p id={ids.noAudio} className="text-sm text-red-600">
                  {NO_AUDIO_MESSAGE}
                </p>
              )}
            </div>
          </div>
        </>
      )}
      <div className="space-y-3">
        {own && audioMissing && (
          <p id={ids.noAudio} className="text-sm text-red-600">
            {NO_RECORDING_MESSAGE}
          </p>
        )}
        {audio && (
          <div className="space-y-1">
            <p className="text-sm font-medium text-slate-700">Audio preview</p>
            <audio ref={preview} controls src={audio.url} className="w-full" aria-label="Audio preview" />
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
