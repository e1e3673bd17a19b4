import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

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
interface HumanResult {
  face: HumanFace[];
}
export interface HumanInstance {
  load(): Promise<void>;
  detect(input: unknown): Promise<HumanResult>;
  tf: { tensor4d(values: Uint8Array, shape: [number, number, number, number], dtype: 'int32'): { dispose(): void } };
}

// Face-mesh point numbers (MediaPipe's 468-point topology, which Human's facemesh model uses).
const MOUTH_LEFT = 61;
const MOUTH_RIGHT = 291;
const UPPER_INNER_LIP = 13;
const LOWER_INNER_LIP = 14;
const CHIN = 152;

/** One model per number of faces it looks for (a call's config would change the instance's for every later call). */
const humans = new Map<number, Promise<HumanInstance>>();

/**
 * Human's model loader fetches `file://` URLs, which Node's fetch does not serve: answer those from
 * disk and pass everything else on. Installed once, before the first model loads.
 */
function serveFileUrls(): void {
  const networkFetch = globalThis.fetch;
  if ((networkFetch as { servesFiles?: boolean }).servesFiles) return;
  const fetchWithFiles = async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return url.startsWith('file://') ? new Response(await readFile(new URL(url))) : networkFetch(input, init);
  };
  globalThis.fetch = Object.assign(fetchWithFiles, { servesFiles: true }) as typeof fetch;
}

/**
 * The face detector and mesh of `@vladmandic/human` on TensorFlow.js' WebAssembly backend: the
 * models and the WASM binaries ship inside the npm packages, so it runs offline. Loaded once for
 * each `maxDetected` (the lip-sync looks for one face; the face check for several, to count them).
 */
export function faceModel(maxDetected = 1): Promise<HumanInstance> {
  const known = humans.get(maxDetected);
  if (known) return known;
  const human = (async () => {
    serveFileUrls();
    // The package's `exports` lists subpaths without "./", so its WASM build is reached by path.
    const dist = dirname(require.resolve('@vladmandic/human'));
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the build is picked by path (see above)
    const { Human } = require(join(dist, 'human.node-wasm.js')) as { Human: new (config: object) => HumanInstance };
    const instance = new Human({
      backend: 'wasm',
      wasmPath: `${pathToFileURL(dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))).href}/`,
      modelBasePath: `${pathToFileURL(join(dist, '..', 'models')).href}/`,
      debug: false,
      // Each frame is analysed on its own: Human's cache would reuse the face box of whichever frame came
      // before, so the same frame's landmarks would depend on the order frames are looked at.
      cacheSensitivity: 0,
      face: {
        enabled: true,
        detector: { rotation: false, maxDetected, minConfidence: 0.4 },
        mesh: { enabled: true },
        iris: { enabled: false },
        description: { enabled: false },
        emotion: { enabled: false },
        antispoof: { enabled: false },
        liveness: { enabled: false },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
      filter: { enabled: false },
    });
    await instance.load();
    return instance;
  })();
  humans.set(maxDetected, human);
  return human;
}

/** Human's faces in an rgb24 picture of `width` x `height`, in its pixels. */
export async function facesIn(model: HumanInstance, rgb: Buffer, width: number, height: number): Promise<HumanFace[]> {
  const tensor = model.tf.tensor4d(new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.byteLength), [1, height, width, 3], 'int32');
  try {
    return (await model.detect(tensor)).face;
  } finally {
    tensor.dispose();
  }
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
