/**
 * The models' versions on the stand-in, and the model and version objects the API answers. Each model
 * starts with one version; tests publish newer ones, and may remove the older ones (a removed version
 * answers 404 on its own endpoint and 422 when a prediction names it, as a deleted version does).
 */
import { createHash } from 'node:crypto';
import { MODELS, versionId } from './models.ts';

/** A model's versions, oldest first, and those removed since. */
interface ModelVersions {
  ids: string[];
  createdAt: Map<string, Date>;
  removed: Set<string>;
}

export class ModelCatalog {
  private readonly models = new Map<string, ModelVersions>(
    Object.keys(MODELS).map((model) => [model, { ids: [versionId(model)], createdAt: new Map([[versionId(model), new Date()]]), removed: new Set<string>() }]),
  );

  has(model: string): boolean {
    return this.models.has(model);
  }

  /** The version `latest_version` names now. */
  latestVersion(model: string): string {
    return this.versionsOf(model).ids.at(-1)!;
  }

  runnable(model: string, version: string): boolean {
    const versions = this.versionsOf(model);
    return versions.ids.includes(version) && !versions.removed.has(version);
  }

  /** The versions not removed, newest first. */
  listedVersions(model: string): string[] {
    const versions = this.versionsOf(model);
    return versions.ids.filter((id) => !versions.removed.has(id)).reverse();
  }

  /** The model and version a `POST /v1/predictions` `version` names (an id, `owner/name:id`, or an official `owner/name`), or undefined (422). */
  resolveVersion(version: string): { model: string; version: string } | undefined {
    const [name, id] = version.split(':');
    if (this.models.has(name)) {
      if (id !== undefined) return this.runnable(name, id) ? { model: name, version: id } : undefined;
      return MODELS[name].official ? { model: name, version: this.latestVersion(name) } : undefined;
    }
    const model = [...this.models.keys()].find((candidate) => this.runnable(candidate, version));
    return model ? { model, version } : undefined;
  }

  /** Publishes a new latest version; `removePrevious` removes the older ones. */
  publishVersion(model: string, removePrevious: boolean): string {
    const versions = this.versionsOf(model);
    const id = createHash('sha256').update(`stand-in:${model}:${versions.ids.length}`).digest('hex');
    if (removePrevious) versions.ids.forEach((old) => versions.removed.add(old));
    versions.ids.push(id);
    versions.createdAt.set(id, new Date());
    return id;
  }

  versionView(model: string, id: string) {
    return {
      id,
      created_at: this.versionsOf(model).createdAt.get(id)!.toISOString(),
      cog_version: '0.16.8',
      openapi_schema: {
        openapi: '3.0.2',
        info: { title: 'Cog', version: '0.1.0' },
        paths: {},
        components: { schemas: { Input: MODELS[model].schema.Input, Output: MODELS[model].schema.Output } },
      },
    };
  }

  /** The model object; `runCount` is how many predictions it has run. */
  modelView(model: string, runCount: number) {
    const [owner, name] = model.split('/');
    return {
      url: `https://replicate.com/${model}`,
      owner,
      name,
      description: MODELS[model].description,
      visibility: 'public',
      github_url: null,
      paper_url: null,
      license_url: null,
      run_count: runCount,
      cover_image_url: null,
      default_example: null,
      latest_version: this.versionView(model, this.latestVersion(model)),
    };
  }

  private versionsOf(model: string): ModelVersions {
    const versions = this.models.get(model);
    if (!versions) throw new Error(`The Replicate stand-in has no model ${model}`);
    return versions;
  }
}
