/**
 * OpenAI publishes model shutdowns only as "Deprecated values:" comments in its SDK's type definitions,
 * e.g. in `openai/resources/shared.d.ts`:
 *
 *   * - "gpt-4.1", "gpt-4.1-mini", …: Announced shutdown date: 2027-01-14. See …
 *   * - "gpt-5.1-mini": Not a supported model ID. Retained for SDK compatibility.
 *   * - "gpt-image-1": GPT Image 1 was shut down on October 23, 2026. Use …
 *
 * This reads them from the installed SDK: the OpenAI stand-in refuses what they say is shut down, and
 * the generation service's checked-in table is tested against them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface SdkModelShutdowns {
  /** Model ID → its announced shutdown day (YYYY-MM-DD, UTC). */
  shutdowns: Record<string, string>;
  /** IDs the SDK keeps for compatibility but the API does not serve. */
  unsupported: string[];
}

/**
 * The SDK files whose comments list the models `responses.create` takes: `shared.d.ts` (the chat models)
 * and the beta Responses types, which add the Responses-only models (o3-pro, gpt-5-pro, computer-use, …).
 */
export const SDK_MODEL_FILES = ['resources/shared.d.ts', 'resources/beta/responses/responses.d.ts'] as const;

/** The shutdowns the installed `openai` package announces, from all of SDK_MODEL_FILES. */
export function readSdkModelShutdowns(): SdkModelShutdowns {
  // No `import.meta` (Jest loads this file as CommonJS): resolve the SDK from the working directory.
  const root = dirname(createRequire(join(process.cwd(), 'package.json')).resolve('openai'));
  return parseModelShutdowns(SDK_MODEL_FILES.map((file) => readFileSync(join(root, file), 'utf8')));
}

/**
 * Every "Deprecated values:" list in the sources. Fails on an entry in a wording it does not know, or
 * on one model given two different dates, so an SDK that changes either is noticed, not misread.
 */
export function parseModelShutdowns(sources: readonly string[]): SdkModelShutdowns {
  const shutdowns = new Map<string, string>();
  const unsupported = new Set<string>();
  for (const source of sources) {
    for (const entry of deprecatedEntries(source)) {
      const ids = [...entry.matchAll(/"([^"]+)"/g)].map((match) => match[1]);
      const said = entry.slice(entry.lastIndexOf('"') + 1);
      const date = shutdownDay(said);
      const notSupported = /^:\s*Not a supported model ID\b/.test(said);
      if (!ids.length || (!date && !notSupported)) throw new Error(`Unknown wording of a deprecated model entry: ${entry}`);
      for (const id of ids) {
        if (notSupported) {
          unsupported.add(id);
          continue;
        }
        const known = shutdowns.get(id);
        if (known && known !== date) throw new Error(`The SDK gives ${id} two shutdown dates: ${known} and ${date}`);
        shutdowns.set(id, date!);
      }
    }
  }
  return { shutdowns: Object.fromEntries([...shutdowns].sort(([a], [b]) => a.localeCompare(b))), unsupported: [...unsupported].sort() };
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** The day in ": Announced shutdown date: 2027-01-14." or ": … was shut down on October 23, 2026.". */
function shutdownDay(said: string): string | undefined {
  const announced = /^:\s*Announced shutdown date:\s*(\d{4}-\d{2}-\d{2})\b/.exec(said);
  if (announced) return announced[1];
  const past = /^:[^:]*\bwas shut down on ([A-Z][a-z]+) (\d{1,2}), (\d{4})\b/.exec(said);
  const month = past ? MONTHS.indexOf(past[1].toLowerCase()) + 1 : 0;
  if (!past || !month) return undefined;
  return `${past[3]}-${String(month).padStart(2, '0')}-${past[2].padStart(2, '0')}`;
}

/** The "- …" entries of each "Deprecated values:" comment, each joined onto one line. */
function deprecatedEntries(source: string): string[] {
  const entries: string[] = [];
  for (const comment of source.match(/\/\*\*[\s\S]*?\*\//g) ?? []) {
    const lines = comment
      .split('\n')
      .map((line) => line.replace(/^\s*\/?\*+\/?\s?/, '').trimEnd())
      .filter((line) => line !== '/');
    const start = lines.findIndex((line) => line.trim() === 'Deprecated values:');
    if (start < 0) continue;
    for (const line of lines.slice(start + 1)) {
      if (line.startsWith('- ')) entries.push(line.slice(2));
      else if (line.trim() && entries.length) entries[entries.length - 1] += ` ${line.trim()}`;
    }
  }
  return entries;
}
