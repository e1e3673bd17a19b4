import { MAX_SPEECH_TEXT_LENGTH } from './generation-spec';
import type { JobState } from './generation';

/**
 * "Fix one sentence" (issue 36, item 5): a finished spoken video whose script changes in one sentence
 * is made again only there (that sentence spoken and lip-synced anew, spliced in with short
 * cross-fades), as a new version of the same video; the old version stays downloadable.
 */

/** A video's first fixes cost nothing; the settings say how many (REVISION_FREE_FIXES) and what a later one costs. */
export const DEFAULT_FREE_FIXES = 3;

/** Why a revision is refused, in the words the wizard and the API show. */
export const RevisionMessages = {
  unchanged: 'The script is the same: change one sentence.',
  tooMany: 'Change one sentence at a time: this edit changes more than one.',
  removed: 'Change the words of a sentence; removing a sentence is not a fix.',
  added: 'Change the words of a sentence; adding a sentence is not a fix.',
  tooLong: `The script must be at most ${MAX_SPEECH_TEXT_LENGTH} characters.`,
  recordedVoice: 'This video speaks a recorded voice: there is no sentence to speak again.',
  notFinished: 'Only a finished video can be edited.',
  notLatest: 'This is not the latest version of the video: edit that one.',
  underWay: 'An edit of this video is under way: wait for it to finish.',
  notSpoken: 'Only a video made from a typed script can be edited.',
} as const;

/** A word that ends a sentence: `.`, `!`, `?` or `…`, maybe followed by a closing quote or bracket (as captions break cues). */
const SENTENCE_END = /[.!?…]["')\]]*$/;

/** One sentence of a script: its words (split at white space, punctuation kept, as word timings name them) and where they are among the script's words. */
export interface ScriptSentence {
  text: string;
  /** The index of its first word among the script's words. */
  firstWord: number;
  wordCount: number;
}

/** A script's words, as speech engines and the forced aligner count them. */
export const scriptWords = (script: string): string[] => script.split(/\s+/).filter(Boolean);

/** A script's sentences, in order; the last one need not end with punctuation. */
export function scriptSentences(script: string): ScriptSentence[] {
  const sentences: ScriptSentence[] = [];
  let first = 0;
  const words = scriptWords(script);
  words.forEach((word, index) => {
    if (SENTENCE_END.test(word) || index === words.length - 1) {
      sentences.push({ text: words.slice(first, index + 1).join(' '), firstWord: first, wordCount: index + 1 - first });
      first = index + 1;
    }
  });
  return sentences;
}

/** The one sentence an edit changes: its index in the old script and what replaces it (one or more sentences of the new one). */
export interface SentenceChange {
  index: number;
  before: string;
  after: string;
}

/**
 * The sentence `edited` changes in `script`, or why the edit is not a one-sentence fix
 * (`RevisionMessages`). Sentences are compared by their words, so spacing alone changes nothing.
 */
export function changedSentence(script: string, edited: string): SentenceChange | { refused: string } {
  if (edited.length > MAX_SPEECH_TEXT_LENGTH) return { refused: RevisionMessages.tooLong };
  const [old, now] = [scriptSentences(script).map((sentence) => sentence.text), scriptSentences(edited).map((sentence) => sentence.text)];
  let same = 0;
  while (same < old.length && same < now.length && old[same] === now[same]) same++;
  let sameAtEnd = 0;
  while (sameAtEnd < old.length - same && sameAtEnd < now.length - same && old[old.length - 1 - sameAtEnd] === now[now.length - 1 - sameAtEnd]) sameAtEnd++;
  const [oldChanged, newChanged] = [old.length - same - sameAtEnd, now.length - same - sameAtEnd];
  if (oldChanged === 0 && newChanged === 0) return { refused: RevisionMessages.unchanged };
  if (oldChanged === 0) return { refused: RevisionMessages.added };
  if (newChanged === 0) return { refused: RevisionMessages.removed };
  if (oldChanged > 1) return { refused: RevisionMessages.tooMany };
  return { index: same, before: old[same], after: now.slice(same, now.length - sameAtEnd).join(' ') };
}

/** A video's version: the first is what it was made as, each fix makes the next. */
export interface VideoVersion {
  version: number;
  /** Its MP4 on our media route. */
  url: string;
  createdAt: string;
  /** The one a video answers now (the newest that succeeded). */
  current: boolean;
}

/** One fix of a video, as the wizard and the API show it. */
export interface VideoRevision {
  /** Its job's id. */
  id: string;
  /** The version it makes (2 for the first fix). */
  version: number;
  status: JobState['status'];
  /** 0..1. */
  progress: number;
  sentence: SentenceChange;
  /** Whether it costs a generation (a video's first fixes are free). */
  charged: boolean;
  /** The new version on our media route, once succeeded. */
  url: string | null;
  error: string | null;
  createdAt: string;
}

/** `POST /api/jobs/{id}/revisions` and `POST /api/v1/videos/{id}/revisions`: the whole script, changed in one sentence. */
export interface ReviseVideoBody {
  script: string;
}

/** `generation.revisions.create.v1`: the user's finished spoken video (named by the job that made its current version, or by its public API id) with its script changed in one sentence. */
export interface CreateRevisionRequest {
  userId: string;
  /** The job that made the version being edited (the wizard, the history). */
  jobId?: string;
  /** A public API video's id. */
  videoId?: string;
  script: string;
}

/** `generation.revisions.create.v1`'s answer: the fix, its job as the wizard follows jobs, and how many free fixes are left after it. */
export interface CreatedRevision {
  revision: VideoRevision;
  job: JobState;
  freeFixesLeft: number;
}

/** `generation.revisions.list.v1`: a video's versions and fixes, by the job of any of its versions or its public API id. */
export interface ListRevisionsRequest {
  userId: string;
  jobId?: string;
  videoId?: string;
}

export interface VideoRevisions {
  /** The script of its newest version. */
  script: string | null;
  versions: VideoVersion[];
  revisions: VideoRevision[];
  freeFixesLeft: number;
  /** Why it cannot be edited (a recorded voice, not finished), if it cannot. */
  notEditable?: string;
}
