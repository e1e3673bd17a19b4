/**
 * The OTLP collector stand-in as a process of its own, so parsing exports does not share a CPU
 * thread with a load generator: `node tools/otlp/serve.ts [port]` prints `OTLP collector stand-in on <url>`;
 * GET <url>/spans reads what arrived.
 */
import { startOtlpCollector } from './collector.ts';

const collector = await startOtlpCollector(Number(process.argv[2] ?? 0));
console.log(`OTLP collector stand-in on ${collector.url}`);
