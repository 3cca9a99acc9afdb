import { createReadStream } from 'node:fs';
import { Injectable, Logger } from '@nestjs/common';
import { Env } from '../../config/env';
import { Db, type WorkspaceSql } from '../database/db';
import { Problem } from '../http/problem';
import { RequestContext } from '../tenancy/request-context';
import { FileStore } from './file-store';
import {
  deleteStoredFiles,
  insertStoredFile,
  isFileReferenced,
  isStoredFile,
  lockUploadQuota,
  storedFileKeys,
  storedFilesNamed,
  usedBytes,
} from './stored-files.queries';

/**
 * A column that can hold the URL of an uploaded file (`image_url`, `images` …). A file is deleted
 * once no registered column of its workspace names it any more.
 */
export interface FileReference {
  table: string;
  column: string;
  /** `text[]` column: the URL is one of its elements. */
  array?: boolean;
  /** The column holding the workspace id (default `workspace_id`). */
  workspaceColumn?: string;
}

const ident = /^[a-z_][a-z0-9_]*$/;

/**
 * Every column that may name an uploaded file. One instance per application (storage module);
 * each context registers its columns when its module is constructed.
 */
@Injectable()
export class FileReferences {
  private readonly references: FileReference[] = [];

  register(...refs: FileReference[]): void {
    for (const ref of refs) {
      for (const name of [ref.table, ref.column, ref.workspaceColumn ?? 'workspace_id'])
        if (!ident.test(name)) throw new Error(`Not an identifier: ${name}`);
      if (this.references.some((r) => r.table === ref.table && r.column === ref.column))
        throw new Error(`File reference ${ref.table}.${ref.column} is registered twice`);
      this.references.push(ref);
    }
  }

  all(): readonly FileReference[] {
    return this.references;
  }
}

export interface FileToStore {
  key: string;
  /** The upload: its bytes wait in a temporary file and are streamed to the store from there. */
  file: { path: string; size: number };
  contentType: string;
}

/**
 * Uploaded files with their bookkeeping: `store` counts them against the workspace's quota
 * (UPLOAD_QUOTA_BYTES_PER_WORKSPACE; over it: 413 and nothing is stored), `release` deletes those
 * nothing references any more — called after the commit that dropped a reference.
 */
@Injectable()
export class Uploads {
  private readonly logger = new Logger('Uploads');

  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly env: Env,
    private readonly references: FileReferences,
  ) {}

  /** Stores the files (all or none) and answers their URLs. */
  async store(workspaceId: string, files: FileToStore[]): Promise<string[]> {
    const bytes = files.reduce((sum, f) => sum + f.file.size, 0);
    const quota = this.env.UPLOAD_QUOTA_BYTES_PER_WORKSPACE;
    await this.db.transaction(RequestContext.system(workspaceId), async (tx) => {
      await lockUploadQuota(tx);
      const used = await usedBytes(tx);
      if (Number(used) + bytes > quota) {
        throw new Problem(
          413,
          `The workspace's file storage quota (${quota} bytes) would be exceeded: ${used} bytes are used, ` +
            `this upload needs ${bytes}. Delete images that are no longer needed.`,
        );
      }
      for (const f of files) await insertStoredFile(tx, f.key, this.files.urlOf(f.key), f.file.size);
    });
    const urls: string[] = [];
    try {
      for (const f of files)
        urls.push(await this.files.put(f.key, createReadStream(f.file.path), f.file.size, f.contentType));
    } catch (e) {
      await this.forget(
        workspaceId,
        files.map((f) => f.key),
      );
      throw e;
    }
    return urls;
  }

  /**
   * Deletes the files named (by URL or key) that no registered column of the workspace references
   * any more. Anything not uploaded here is ignored; a failure only leaves an unused file behind.
   */
  async release(workspaceId: string, urlsOrKeys: Array<string | null | undefined>): Promise<void> {
    const wanted = [...new Set(urlsOrKeys.filter((u): u is string => !!u))];
    if (!wanted.length) return;
    const on = this.sql(workspaceId);
    for (const file of await storedFilesNamed(on, wanted)) {
      if (await isFileReferenced(on, this.references.all(), file.url)) continue;
      await this.forget(workspaceId, [file.key]);
    }
  }

  /** Keys of every file of the workspace (its deletion removes the rows by cascade). */
  keysOf(on: WorkspaceSql): Promise<string[]> {
    return storedFileKeys(on);
  }

  /** Whether `key` is a stored file of the workspace it starts with (`<workspace>/…`). */
  isStored(key: string): Promise<boolean> {
    return isStoredFile(this.sql(key.slice(0, key.indexOf('/'))), key);
  }

  /** Deletes files whose rows are gone already (a deleted workspace). */
  async deleteFiles(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.files
        .delete(key)
        .catch((err: unknown) => this.logger.warn({ err, key }, 'Could not delete an unused file'));
    }
  }

  private async forget(workspaceId: string, keys: string[]): Promise<void> {
    await deleteStoredFiles(this.sql(workspaceId), keys);
    await this.deleteFiles(keys);
  }

  /** The workspace's statements on the pool (the callers name a workspace, not a request). */
  private sql(workspaceId: string): WorkspaceSql {
    return this.db.sql(RequestContext.system(workspaceId));
  }
}
