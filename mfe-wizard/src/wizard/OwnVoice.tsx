import { useEffect, useId, useRef, useState } from 'react';
import {
  API_ROUTES, AUDIO_UPLOAD_LIMITS, AUDIO_UPLOAD_TYPES, AudioUploadMessages, audioUploadTypeOf, VOICE_CONSENT_TEXT, type AudioCaptionsSource, type AudioUploadAnswer,
} from '@lipcast/contracts';
import { Button, cn, ConsentField, Label, Progress } from '@lipcast/ui';
import { ApiError, toast, uploadWithProgress, type UploadProgress } from '@lipcast/web-kit';
import { clockTime } from './rules';

export const MICROPHONE_REFUSED_MESSAGE = 'Microphone access was refused: allow it in your browser, or upload an audio file instead.';
export const CANNOT_RECORD_MESSAGE = 'This browser cannot record audio: upload an audio file instead.';
const MEGABYTE = 1024 * 1024;
/** How often the elapsed time and the level meter are read while recording. */
const TICK_MS = 100;

type Field = 'audio' | 'consent';
type FieldErrors = Partial<Record<Field, string>>;
/** Sending the bytes (with their percent), then the server's conversion until it answers. */
type UploadPhase = { state: 'idle' } | { state: 'sending'; percent: number } | { state: 'converting' };
type Source = 'record' | 'file';

/** Where the video's captions come from, said beside the recording (the upload's answer tells once it is known). */
export function captionsNote(text: string, captions: AudioCaptionsSource | null): string {
  if (text.trim() || captions === 'typed') return 'Captions from your text';
  if (captions === 'transcribed') return 'Captions from a transcription of your recording';
  if (captions === 'none') return 'This video will have no captions';
  return 'Type what you say above to caption your video from your text';
}

/** The recording (or file) sent as multipart: the voice, the ticked voice consent and the text when typed. */
export function uploadVoice(audio: Blob, text: string, onProgress: UploadProgress): Promise<AudioUploadAnswer> {
  const form = new FormData();
  const type = audioUploadTypeOf(audio.type);
  form.append('audio', audio, audio instanceof File ? audio.name : `recording.${type ? AUDIO_UPLOAD_TYPES[type] : 'webm'}`);
  form.append('consent', 'true');
  if (text.trim()) form.append('text', text.trim());
  return uploadWithProgress(API_ROUTES.uploadAudio, form, onProgress);
}

interface Recording {
  blob: Blob;
  url: string;
  seconds: number;
}

/**
 * The microphone through MediaRecorder: start and stop (stopped at `maxSeconds`), the elapsed time, and
 * the input level from an AnalyserNode (0 to 1), so the creator sees that they are heard.
 */
function useRecorder(maxSeconds: number) {
  const [state, setState] = useState<'idle' | 'starting' | 'recording'>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [level, setLevel] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stopRef = useRef<() => void>(() => undefined);

  useEffect(() => () => stopRef.current(), []);
  useEffect(() => () => void (recording && URL.revokeObjectURL(recording.url)), [recording]);

  async function start() {
    if (state !== 'idle') return;
    setError(null);
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) return setError(CANNOT_RECORD_MESSAGE);
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState('idle');
      return setError(MICROPHONE_REFUSED_MESSAGE);
    }
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const startedAt = Date.now();
    const seconds = () => Math.min(maxSeconds, (Date.now() - startedAt) / 1000);
    const tick = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
      setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
      setElapsed(seconds());
    }, TICK_MS);
    const limit = setTimeout(() => stopRef.current(), maxSeconds * 1000);
    recorder.ondataavailable = (event) => void (event.data.size > 0 && chunks.push(event.data));
    recorder.onstop = () => {
      const blob = new Blob(chunks, { type: recorder.mimeType || chunks[0]?.type || 'audio/webm' });
      setRecording({ blob, url: URL.createObjectURL(blob), seconds: seconds() });
    };
    stopRef.current = () => {
      stopRef.current = () => undefined;
      clearInterval(tick);
      clearTimeout(limit);
      if (recorder.state !== 'inactive') recorder.stop();
      for (const track of stream.getTracks()) track.stop();
      void context.close();
      setLevel(0);
      setElapsed(seconds());
      setState('idle');
    };
    recorder.start();
    setElapsed(0);
    setState('recording');
  }

  return {
    state,
    elapsed,
    level,
    recording,
    error,
    start,
    stop: () => stopRef.current(),
    retake: () => {
      setRecording(null);
      setElapsed(0);
    },
  };
}

/**
 * The creator's own voice in the audio step (issue 35, item 5): recorded here or uploaded as a file,
 * with the voice consent ticked, then sent with its upload progress and converted by the server into
 * the step's audio. The dialogue text above is optional; typed, it captions the video.
 */
export function OwnVoice({ text, onLength, onUploaded }: { text: string; onLength: (seconds: number | null) => void; onUploaded: (answer: AudioUploadAnswer) => void }) {
  const ids = { source: useId(), file: useId(), captions: useId() };
  const audioErrorId = `${ids.file}-error`;
  const maxSeconds = AUDIO_UPLOAD_LIMITS.maxSeconds;
  const recorder = useRecorder(maxSeconds);
  const [source, setSource] = useState<Source>('record');
  const [file, setFile] = useState<File | null>(null);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [phase, setPhase] = useState<UploadPhase>({ state: 'idle' });
  const [captions, setCaptions] = useState<AudioCaptionsSource | null>(null);
  const consentInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = phase.state !== 'idle';
  const recording = recorder.state === 'recording';
  const chosen: Blob | null = source === 'record' ? (recorder.recording?.blob ?? null) : file;
  // The step holds a recording to the video's length as soon as it is made (a file's length is known once uploaded).
  const recordedSeconds = source === 'record' ? (recorder.recording?.seconds ?? null) : null;
  useEffect(() => onLength(recordedSeconds), [recordedSeconds, onLength]);

  async function upload() {
    if (busy || !chosen) return;
    const found: FieldErrors = {};
    if (source === 'file' && !audioUploadTypeOf(chosen.type)) found.audio = AudioUploadMessages.audioType;
    else if (chosen.size > AUDIO_UPLOAD_LIMITS.maxMegabytes * MEGABYTE) found.audio = AudioUploadMessages.tooLarge(AUDIO_UPLOAD_LIMITS.maxMegabytes);
    if (!consent) found.consent = AudioUploadMessages.consent;
    setErrors(found);
    if (found.consent) return consentInput.current?.focus();
    if (found.audio) return fileInput.current?.focus();
    setPhase({ state: 'sending', percent: 0 });
    try {
      const answer = await uploadVoice(chosen, text, (percent) => setPhase(percent < 100 ? { state: 'sending', percent } : { state: 'converting' }));
      setCaptions(answer.captions);
      onUploaded(answer);
    } catch (error) {
      const field = refusedField(error);
      if (field) setErrors({ [field]: error instanceof Error ? error.message : String(error) });
      else toast({ title: 'Upload failed', description: error instanceof Error ? error.message : 'Your voice could not be uploaded.', variant: 'destructive' });
    } finally {
      setPhase({ state: 'idle' });
    }
  }

  function choose(next: Source) {
    if (recording) recorder.stop();
    setSource(next);
    setErrors({});
    setCaptions(null);
  }

  /** Said to screen readers as the recording and the upload go. */
  function status(): string {
    if (phase.state === 'converting') return 'Converting your recording…';
    if (phase.state === 'sending') return 'Uploading your voice…';
    if (recorder.state === 'starting') return 'Waiting for the microphone…';
    if (recording) return `Recording. It stops by itself at ${clockTime(maxSeconds)}.`;
    if (source === 'record' && recorder.recording) return `Recorded ${clockTime(recorder.recording.seconds)}. Play it back, record again or use it.`;
    return '';
  }

  return (
    <div className="space-y-4 rounded-xl border border-neutral-200 p-4">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">How to add your voice</legend>
        <div className="flex flex-wrap gap-4">
          {(
            [
              ['record', 'Record'],
              ['file', 'Upload audio'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="radio" name={ids.source} value={value} checked={source === value} disabled={busy} onChange={() => choose(value)} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      {source === 'record' ? (
        <div className="space-y-3">
          <div className="flex flex-wrap items-center gap-3">
            {recording ? (
              <Button type="button" variant="destructive" onClick={recorder.stop}>
                Stop recording
              </Button>
            ) : (
              <Button type="button" onClick={() => void recorder.start()} disabled={busy || recorder.state === 'starting'}>
                {recorder.recording ? 'Record again' : 'Start recording'}
              </Button>
            )}
            <span role="timer" aria-label="Elapsed time" className="text-sm tabular-nums text-slate-700">
              {clockTime(recorder.elapsed)} / {clockTime(maxSeconds)}
            </span>
            <meter aria-label="Microphone level" min={0} max={1} value={recorder.level} className={cn('h-3 w-32', !recording && 'opacity-40')} />
          </div>
          {recorder.error && (
            <p role="alert" className="text-sm text-red-600">
              {recorder.error}
            </p>
          )}
          {recorder.recording && !recording && (
            <div className="space-y-2">
              <audio controls src={recorder.recording.url} className="w-full" aria-label="Your recording" />
              <Button type="button" variant="outline" onClick={recorder.retake} disabled={busy}>
                Retake
              </Button>
            </div>
          )}
        </div>
      ) : (
        <div className="space-y-2">
          <Label htmlFor={ids.file}>Audio file</Label>
          <input
            ref={fileInput}
            id={ids.file}
            type="file"
            accept={Object.keys(AUDIO_UPLOAD_TYPES).join(',')}
            disabled={busy}
            aria-invalid={!!errors.audio}
            aria-describedby={errors.audio ? audioErrorId : undefined}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-neutral-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setErrors({});
            }}
          />
          <p className="text-sm text-slate-600">
            WebM, Ogg, M4A, MP3 or WAV, {AUDIO_UPLOAD_LIMITS.minSeconds}-{maxSeconds} s, up to {AUDIO_UPLOAD_LIMITS.maxMegabytes} MB
          </p>
        </div>
      )}
      {errors.audio && (
        <p id={audioErrorId} role="alert" className="text-sm text-red-600">
          {errors.audio}
        </p>
      )}

      <ConsentField text={VOICE_CONSENT_TEXT} checked={consent} onCheckedChange={setConsent} error={errors.consent} disabled={busy} inputRef={consentInput} />

      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={() => void upload()} disabled={busy || !chosen || recording} aria-busy={busy} aria-describedby={ids.captions}>
          {busy ? 'Uploading...' : source === 'record' ? 'Use this recording' : 'Upload audio'}
        </Button>
        <p id={ids.captions} className="text-sm text-slate-600">
          {captionsNote(text, captions)}
        </p>
      </div>
      {phase.state === 'sending' && (
        <div className="flex items-center gap-3">
          <Progress value={phase.percent} aria-label="Upload progress" className="flex-1" />
          <span className="text-sm tabular-nums text-slate-700">{phase.percent}%</span>
        </div>
      )}
      <p role="status" aria-live="polite" className="text-sm text-slate-600 empty:hidden">
        {status()}
      </p>
    </div>
  );
}

/** The field a refusal belongs beside (`details.field` of a 400 or 413), or null for anything else. */
function refusedField(error: unknown): Field | null {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 413)) return null;
  const field = (error.body as { details?: { field?: unknown } } | null)?.details?.field;
  return field === 'audio' || field === 'consent' ? field : null;
}
