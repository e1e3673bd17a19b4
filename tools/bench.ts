/**
 * `npm run bench`: checks for Debian's Chromium (the browser benchmarks drive it) and ffmpeg (the
 * generation benchmarks make media with it), installed as root on Debian, else the command is printed
 * and it stops; builds, then runs every benchmark and prints its figures and ratios. Targets are
 * printed beside the figures, never asserted: a slow run is reported honestly, not failed.
 */
import { gatewayVersusDirect } from './benchmarks/gateway-vs-direct.ts';
import { generationEngine } from './benchmarks/generation-engine.ts';
import { lighthouseAudits } from './benchmarks/lighthouse.ts';
import { mediaServing } from './benchmarks/media-serving.ts';
import { providerJobs } from './benchmarks/provider-jobs.ts';
import { publicApi } from './benchmarks/public-api.ts';
import { queueWait } from './benchmarks/queue-wait.ts';
import { telemetryOverhead } from './benchmarks/telemetry-overhead.ts';
import { webInitialJavaScript } from './benchmarks/web-initial-js.ts';
import { build, step } from './lib/steps.ts';
import { CHROMIUM, ensureSystemPackages, FFMPEG } from './lib/system-packages.ts';

if (ensureSystemPackages([CHROMIUM, FFMPEG]) !== 0) process.exit(1);
if (!(await step('build', build))) process.exit(1);
await webInitialJavaScript();
await lighthouseAudits();
await gatewayVersusDirect();
await mediaServing();
await generationEngine();
await providerJobs();
await queueWait();
await publicApi();
await telemetryOverhead();
