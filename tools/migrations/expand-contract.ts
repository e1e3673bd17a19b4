/**
 * The expand-then-contract rule for migrations (ARCHITECTURE.md, "Migrations during a rolling
 * deploy"): during a rollout the previous release's pods run against the new schema, so a migration
 * only adds. This module finds what a migration's SQL does beyond adding ("contractions"); the tests
 * fail on any that is not in the reviewed list below, with the reason it is safe.
 */

/** One thing a migration does that old code might not survive, e.g. `drop column billing.plan.price`. */
export interface Contraction {
  /** `<schema>:<migration name>` */
  migration: string;
  finding: string;
}

/** A contraction someone reviewed: safe for the previous release, and why. */
export interface ReviewedException extends Contraction {
  reason: string;
}

/**
 * Reviewed contractions of the checked-in migrations. A new entry needs a reason that holds for
 * every pod of the previous release still running (what it reads, what it writes).
 */
export const REVIEWED_CONTRACTIONS: ReviewedException[] = [
  {
    migration: 'content:Migration20261126100000',
    finding: 'create unique index content.newsletter_subscriber.newsletter_subscriber_confirm_token_unique',
    reason: 'on a column added in the same migration whose default is a fresh random token per row: old code never writes it, its inserts get distinct values',
  },
  {
    migration: 'content:Migration20261126100000',
    finding: 'create unique index content.newsletter_subscriber.newsletter_subscriber_unsubscribe_token_unique',
    reason: 'on a column added in the same migration whose default is a fresh random token per row: old code never writes it, its inserts get distinct values',
  },
  {
    migration: 'billing:Migration20261123000000',
    finding: 'set not null billing.plan.stripe_lookup_key',
    reason: 'added and back-filled in the same migration; no code inserts plans (the migrations seed them, the price catalog only updates them)',
  },
  {
    migration: 'generation:Migration20261124000000',
    finding: 'drop constraint generation.job.job_status_check',
    reason: "replaced in the same statement by a wider check (it adds 'waiting'): every status old code writes stays allowed",
  },
  {
    migration: 'generation:Migration20261124000000',
    finding: 'add constraint generation.job.job_status_check',
    reason: "the wider status check replacing the old one (adds 'waiting')",
  },
  {
    migration: 'generation:Migration20261129140000',
    finding: 'drop constraint generation.job.job_credit_check',
    reason: "replaced at once by a wider check (it adds 'free', a video fix's credit): every credit state old code writes stays allowed, and old code settles only 'reserved' credits",
  },
  {
    migration: 'generation:Migration20261129140000',
    finding: 'add constraint generation.job.job_credit_check',
    reason: "the wider credit check replacing the old one (adds 'free')",
  },
  {
    migration: 'generation:Migration20261124000000',
    finding: 'drop index generation.job_dedupe_index',
    reason: "recreated at once over one more status ('waiting'), which old code never writes: for its rows the index is the same",
  },
  {
    migration: 'generation:Migration20261124000000',
    finding: 'create unique index generation.job.job_dedupe_index',
    reason: "the recreated de-duplication index: the same columns, one more status ('waiting') that old code never writes",
  },
  {
    migration: 'generation:Migration20261124000000',
    finding: 'create unique index generation.job.job_one_live_run_index',
    reason:
      'narrows what old code may write on purpose: a second live One Shot run of one user, which the product forbids; an old pod that tries during the rollout gets an error instead of charging twice (stale duplicates are ended by the migration first)',
  },
];

/**
 * Tables that only migrations write (seeded reference data): the old-code writes of
 * rolling-deploy.int-spec.ts leave them out, and the old reads still cover them.
 */
export const WRITTEN_ONLY_BY_MIGRATIONS: { table: string; reason: string }[] = [
  {
    table: 'billing.plan',
    reason: 'no code inserts plans: the migrations seed the two the product sells and the price catalog only updates them (see the reviewed set not null above)',
  },
];

const unquote = (sql: string) => sql.replaceAll('"', '').replace(/\s+/g, ' ').trim().toLowerCase();

/** Splits `a, b (c, d), e` at the commas outside parentheses and quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const char of text) {
    if (char === "'") quoted = !quoted;
    if (!quoted && char === '(') depth++;
    if (!quoted && char === ')') depth--;
    if (!quoted && depth === 0 && char === ',') {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** What one `alter table` action does beyond adding; null when it only adds. */
function alterAction(table: string, action: string): string | null {
  let match: RegExpExecArray | null;
  if ((match = /^add (?:column )?(?!constraint\b)(?:if not exists )?([^\s(]+) (.*)$/.exec(action)) && !/^(constraint|primary|unique|foreign|check)\b/.test(match[1])) {
    const [, column, definition] = match;
    // Old code inserts without this column: it needs a default or must accept null.
    if (/\bnot null\b/.test(definition) && !/\bdefault\b/.test(definition)) return `add not null column without default ${table}.${column}`;
    if (/\bprimary key\b/.test(definition)) return `add primary key column ${table}.${column}`;
    return null;
  }
  if ((match = /^add constraint (\S+)/.exec(action))) return `add constraint ${table}.${match[1]}`;
  if (/^add (primary key|unique|foreign key|check)\b/.test(action)) return `add constraint ${table}: ${action}`;
  if ((match = /^drop column (?:if exists )?(\S+)/.exec(action))) return `drop column ${table}.${match[1]}`;
  if ((match = /^drop constraint (?:if exists )?(\S+)/.exec(action))) return `drop constraint ${table}.${match[1]}`;
  if ((match = /^alter (?:column )?(\S+) (?:set data )?type\b/.exec(action))) return `alter type ${table}.${match[1]}`;
  if ((match = /^alter (?:column )?(\S+) set not null/.exec(action))) return `set not null ${table}.${match[1]}`;
  if ((match = /^alter (?:column )?(\S+) drop default/.exec(action))) return `drop default ${table}.${match[1]}`;
  if (/^alter (?:column )?\S+ (drop not null|set default)\b/.test(action)) return null;
  if (/^rename\b/.test(action)) return `rename ${table}: ${action}`;
  return `unclassified alter ${table}: ${action}`;
}

/**
 * The contractions in one migration's `up` SQL. Anything on a table created by the same migration
 * is an expansion (no released code uses it yet); unknown statements count as contractions, to be
 * reviewed rather than let through.
 */
export function contractionsOf(queries: string[]): string[] {
  const statements = queries.map(unquote);
  const created = new Set(statements.map((sql) => /^create (?:unlogged )?table (?:if not exists )?([^\s(]+)/.exec(sql)?.[1]).filter((table) => table !== undefined));
  const findings: string[] = [];
  for (const sql of statements) {
    let match: RegExpExecArray | null;
    if (/^create (?:unlogged )?table\b/.test(sql) || /^create schema\b/.test(sql) || /^comment on\b/.test(sql)) continue;
    if (/^(insert into|update)\b/.test(sql)) continue; // seeds and back-fills
    if ((match = /^create (unique )?index (?:concurrently )?(?:if not exists )?([^\s(]+) on (?:only )?([^\s(]+)/.exec(sql))) {
      const [, unique, index, table] = match;
      if (unique && !created.has(table)) findings.push(`create unique index ${table}.${index}`);
      continue;
    }
    if ((match = /^alter table (?:if exists )?(?:only )?(\S+) (.*)$/.exec(sql))) {
      const [, table, actions] = match;
      if (created.has(table)) continue;
      for (const action of splitTopLevel(actions)) {
        const finding = alterAction(table, action);
        if (finding) findings.push(finding);
      }
      continue;
    }
    if ((match = /^drop index (?:concurrently )?(?:if exists )?(\S+)/.exec(sql))) {
      findings.push(`drop index ${match[1]}`);
      continue;
    }
    if ((match = /^drop (table|schema|view|sequence|type|function) (?:if exists )?(\S+)/.exec(sql))) {
      findings.push(`drop ${match[1]} ${match[2]}`);
      continue;
    }
    if ((match = /^(delete from|truncate)(?: table)? (\S+)/.exec(sql))) {
      findings.push(`${match[1]} ${match[2]}`);
      continue;
    }
    findings.push(`unclassified: ${sql.slice(0, 120)}`);
  }
  return findings;
}
