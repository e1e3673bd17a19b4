import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** Where the mouth is in one frame, in pixels (from the 468-point face mesh). */
export interface MouthGeometry {
  /** Centre of the closed mouth (between the inner lips). */
  x: number;
  y: number;
  /** Corner to corner. */
  width: number;
  /** From the lip line down to the chin. */
  chinDrop: number;
}

export type Point = [number, number, number?];
/** One face as Human reports it: its box in pixels of the input ([x, y, width, height]) and its 468-point mesh. */
export interface HumanFace {
  mesh: Point[];
  score: number;
  box: [number, number, number, number];
}

/** What the face model's thread (face-model-thread.ts) is started with. */
export interface FaceThreadData {
  maxDetected: number;
}
/** An rgb24 picture of `width` x `height` sent to the thread, answered with its faces under the same `id`. */
export interface FaceRequest {
  id: number;
  rgb: Uint8Array;
  width: number;
  height: number;
}
type FaceAnswer = { id: number; faces: HumanFace[] } | { id: number; error: string };

// Face-mesh point numbers (MediaPipe's 468-point topology, which Human's facemesh model uses).
const MOUTH_LEFT = 61;
const MOUTH_RIGHT = 291;
const UPPER_INNER_LIP = 13;
const LOWER_INNER_LIP = 14;
const CHIN = 152;

/**
 * A thread left idle this long is ended (its model freed); the next picture starts another, which
 * loads the model again. A busy process keeps its thread, and the model loaded, between renders.
 */
const IDLE_THREAD_MS = 60_000;

/**
 * The face detector and mesh of `@vladmandic/human`, on a thread of its own (face-model-thread.ts):
 * the thread loads the model once and looks at the pictures sent to it one after the other, while
 * the thread that sends them goes on with its own work. It never keeps the process alive when idle.
 */
export class FaceModel {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve: (faces: HumanFace[]) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly maxDetected: number) {}

  /** Human's faces in an rgb24 picture of `width` x `height`, in its pixels. */
  detect(rgb: Uint8Array, width: number, height: number): Promise<HumanFace[]> {
    const worker = this.thread();
    const id = this.nextId++;
    const faces = new Promise<HumanFace[]>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    clearTimeout(this.idleTimer);
    // Awaited answers keep the process alive until they come.
    worker.ref();
    // A copy of exactly the picture's bytes, handed over (a view would send its whole underlying buffer).
    const pixels = new Uint8Array(rgb);
    worker.postMessage({ id, rgb: pixels, width, height } satisfies FaceRequest, [pixels.buffer]);
    return faces;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    // Built, this is dist/faces/face-model-thread.js; under Jest the TypeScript source, which Node runs as it is.
    const worker = new Worker(join(__dirname, `face-model-thread${extname(__filename)}`), { workerData: { maxDetected: this.maxDetected } satisfies FaceThreadData });
    worker.on('message', (answer: FaceAnswer) => {
      const waiter = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if ('error' in answer) waiter?.reject(new Error(`The face model failed: ${answer.error}`));
      else waiter?.resolve(answer.faces);
      if (this.waiting.size === 0 && this.worker === worker) this.idle(worker);
    });
    // A thread that fails or ends fails what it was asked; the next picture starts another.
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The face model's thread ended (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private idle(worker: Worker): void {
    worker.unref();
    this.idleTimer = setTimeout(() => {
      this.worker = null;
      void worker.terminate();
    }, IDLE_THREAD_MS).unref();
  }
}

/** One model per number of faces it looks for (the lip-sync looks for one; the face check for several, to count them). */
const models = new Map<number, FaceModel>();

/** The face model looking for up to `maxDetected` faces (its thread starts, and loads the model, on its first picture). */
export function faceModel(maxDetected = 1): Promise<FaceModel> {
  let model = models.get(maxDetected);
  if (!model) models.set(maxDetected, (model = new FaceModel(maxDetected)));
  return Promise.resolve(model);
}

/** Human's faces in an rgb24 picture of `width` x `height`, in its pixels. */
export function facesIn(model: FaceModel, rgb: Buffer, width: number, height: number): Promise<HumanFace[]> {
  return model.detect(rgb, width, height);
}

/** The mouth in an rgb24 picture of `width` x `height`, or null when no face is found. */
export async function findMouth(rgb: Buffer, width: number, height: number): Promise<MouthGeometry | null> {
  const [face] = await facesIn(await faceModel(), rgb, width, height);
  if (!face || face.mesh.length < 468) return null;
  const point = (index: number) => face.mesh[index];
  const x = (point(UPPER_INNER_LIP)[0] + point(LOWER_INNER_LIP)[0]) / 2;
  const y = (point(UPPER_INNER_LIP)[1] + point(LOWER_INNER_LIP)[1]) / 2;
  const width_ = Math.hypot(point(MOUTH_RIGHT)[0] - point(MOUTH_LEFT)[0], point(MOUTH_RIGHT)[1] - point(MOUTH_LEFT)[1]);
  return { x, y, width: width_, chinDrop: Math.max(8, point(CHIN)[1] - y) };
}
