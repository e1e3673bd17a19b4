/**
 * The predictions' output files, downloadable by URL (`GET /files/{id}/{name}`, served by routes.ts
 * without auth, as replicate.delivery serves them) until the prediction's data is removed.
 */
import { basename } from 'node:path';
import { randomId, type StoredPrediction } from './predictions.ts';

export interface OutputFile {
  path: string;
  contentType: string;
}

export class OutputFiles {
  private readonly files = new Map<string, OutputFile>();
  private readonly baseUrl: () => string;

  /** `baseUrl` is read per file: the port is known only once the server listens. */
  constructor(baseUrl: () => string) {
    this.baseUrl = baseUrl;
  }

  /** Makes `path` downloadable as one of the prediction's outputs; returns its URL. */
  publish(prediction: StoredPrediction, path: string, contentType: string): string {
    const id = randomId(20);
    this.files.set(id, { path, contentType });
    prediction.fileIds.push(id);
    return `${this.baseUrl()}/files/${id}/${basename(path)}`;
  }

  find(id: string): OutputFile | undefined {
    return this.files.get(id);
  }

  /** Makes the prediction's outputs answer 404. */
  removeAll(prediction: StoredPrediction): void {
    for (const id of prediction.fileIds) this.files.delete(id);
  }
}
