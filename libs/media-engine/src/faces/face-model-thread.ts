/**
 * The face model's own thread (a `node:worker_threads` worker started by `faceModel`): it loads the
 * face detector and mesh of `@vladmandic/human` once, then answers each picture sent to it with the
 * faces found, one picture at a time. The landmark model runs here so that the thread compositing a
 * video goes on while the model looks at the next frame (on the main thread the two took turns).
 *
 * Node runs this file as it is: built (dist/faces/face-model-thread.js) and from the TypeScript source
 * (Jest, by Node's type stripping). It has no `import` statement (types only) so that Node reads the
 * source as CommonJS too, and it depends at run time on Node and the model's packages alone.
 */
import type { FaceRequest, FaceThreadData, HumanFace } from './face-landmarks';

interface HumanInstance {
  load(): Promise<void>;
  detect(input: unknown): Promise<{ face: HumanFace[] }>;
  tf: { tensor4d(values: Uint8Array, shape: [number, number, number, number], dtype: 'int32'): { dispose(): void } };
}

const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
const { readFile } = process.getBuiltinModule('node:fs/promises');
const { dirname, join } = process.getBuiltinModule('node:path');
const { pathToFileURL } = process.getBuiltinModule('node:url');

/**
 * Human's model loader fetches `file://` URLs, which Node's fetch does not serve: answer those from
 * disk and pass everything else on.
 */
function serveFileUrls(): void {
  const networkFetch = globalThis.fetch;
  const fetchWithFiles = async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return url.startsWith('file://') ? new Response(await readFile(new URL(url))) : networkFetch(input, init);
  };
  globalThis.fetch = fetchWithFiles as typeof fetch;
}

/**
 * The face detector and mesh on TensorFlow.js' WebAssembly backend: the models and the WASM binaries
 * ship inside the npm packages, so it runs offline. It looks for up to `maxDetected` faces (the
 * lip-sync for one; the face check for several, to count them).
 */
async function loadModel(maxDetected: number): Promise<HumanInstance> {
  serveFileUrls();
  // The package's `exports` lists subpaths without "./", so its WASM build is reached by path.
  const dist = dirname(require.resolve('@vladmandic/human'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the build is picked by path (see above)
  const { Human } = require(join(dist, 'human.node-wasm.js')) as { Human: new (config: object) => HumanInstance };
  const human = new Human({
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
  await human.load();
  return human;
}

/** Human's faces in an rgb24 picture, in its pixels: the mesh, score and box of each (what the callers read). */
async function facesIn(human: HumanInstance, { rgb, width, height }: FaceRequest): Promise<HumanFace[]> {
  const tensor = human.tf.tensor4d(rgb, [1, height, width, 3], 'int32');
  try {
    return (await human.detect(tensor)).face.map(({ mesh, score, box }) => ({ mesh, score, box }));
  } finally {
    tensor.dispose();
  }
}

if (parentPort) {
  const port = parentPort;
  const model = loadModel((workerData as FaceThreadData).maxDetected);
  // A model that cannot load fails each request, said in its answer (not as the thread's unhandled rejection).
  model.catch(() => undefined);
  // One picture at a time, in the order sent (the model is not made to be entered twice at once).
  let queue: Promise<unknown> = Promise.resolve();
  port.on('message', (request: FaceRequest) => {
    queue = queue
      .then(() => model)
      .then((human) => facesIn(human, request))
      .then(
        (faces) => port.postMessage({ id: request.id, faces }),
        (error: unknown) => port.postMessage({ id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
      );
  });
}
