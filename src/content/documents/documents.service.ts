import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import { In } from 'typeorm';
import { Db, type Tx } from '../../platform/database/db';
import { conflict, invalidField, notFound } from '../../platform/http/problem';
import { FileStore, privateKeyPrefix, type StoredObject } from '../../platform/storage/file-store';
import type { UploadedFile } from '../../platform/storage/image-upload';
import { type FileReference, Uploads } from '../../platform/storage/uploads';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { ancestorsOf, documentPath, joinPath, maxDepth, nameOf, parentOf } from './document-path';
import type {
  DocumentEntryResponse,
  DocumentStructureQuery,
  DocumentStructureResponse,
  DocumentTreeNode,
  DocumentUploadResponse,
} from './document.dto';
import { DocumentEntity } from './document.entity';
import { lockDocumentTree } from './documents.queries';

/** The column naming a document's stored file: it stays while a document names it. */
export const documentFileReferences: FileReference[] = [{ table: 'documents', column: 'file_url' }];

/** The most entries one structure answer holds. */
export const maxStructureEntries = 10_000;

const label = 'Document';
const mimeType = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

export const toDocumentEntry = (e: DocumentEntity): DocumentEntryResponse => ({
  id: e.id,
  path: e.path,
  name: e.name,
  type: e.type,
  size: e.size === null ? null : Number(e.size),
  contentType: e.contentType,
  createdAt: e.createdAt.toISOString(),
  modifiedAt: e.modifiedAt.toISOString(),
});

const snapshot = (e: DocumentEntity) => ({
  path: e.path,
  type: e.type,
  size: e.size === null ? null : Number(e.size),
  contentType: e.contentType,
});

/** Everything strictly below `dir` (the root: everything), as a range of the byte-wise sorted paths. */
const below = (dir: string) =>
  dir ? { condition: 'd.path > :from AND d.path < :to', params: { from: `${dir}/`, to: `${dir}0` } } : null;

/**
 * The workspace's document tree: directories and files by path. Rows in `documents` hold the
 * tree; the bytes go through the platform's file store and upload bookkeeping (`Uploads`: quota,
 * cleanup), under keys the service makes. Writes to one workspace's tree take turns (an advisory
 * lock per workspace), so a directory cannot be removed while a file lands in it.
 */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly db: Db,
    private readonly uploads: Uploads,
    private readonly files: FileStore,
  ) {}

  async structure(ctx: RequestContext, q: DocumentStructureQuery): Promise<DocumentStructureResponse> {
    const dir = documentPath(q.path, 'path', { root: true });
    const baseDepth = dir ? dir.split('/').length : 0;
    if (dir) await this.getDirectory(ctx, dir);
    const qb = this.db
      .repo(ctx, DocumentEntity, label)
      .qb('d')
      .andWhere('d.depth <= :depth', { depth: baseDepth + (q.depth ?? maxDepth) })
      .orderBy('d.path', 'ASC')
      .limit(maxStructureEntries + 1);
    const range = below(dir);
    if (range) qb.andWhere(range.condition, range.params);
    const rows = await qb.getMany();
    const truncated = rows.length > maxStructureEntries;
    const kept = rows.slice(0, maxStructureEntries);
    const nodes = new Map<string, DocumentTreeNode>();
    const top: DocumentTreeNode[] = [];
    // Sorted by path, a directory comes before everything in it.
    for (const row of kept) {
      const node: DocumentTreeNode = { ...toDocumentEntry(row), children: [] };
      nodes.set(row.path, node);
      (row.parentPath === dir ? top : nodes.get(row.parentPath)?.children)?.push(node);
    }
    const order = (list: DocumentTreeNode[]) => {
      list.sort((a, b) =>
        a.type === b.type
          ? a.name < b.name
            ? -1
            : a.name > b.name
              ? 1
              : 0
          : a.type === 'Directory'
            ? -1
            : 1,
      );
      for (const n of list) order(n.children);
    };
    order(top);
    return { path: dir, children: top, total: kept.length, truncated };
  }

  /** The file at `path` with its stored bytes; a directory or a missing path is a 404. */
  async open(
    ctx: RequestContext,
    rawPath: unknown,
  ): Promise<{ entry: DocumentEntryResponse; content: StoredObject }> {
    const path = documentPath(rawPath, 'path');
    const row = await this.db.repo(ctx, DocumentEntity, label).findOne({ path, type: 'File' });
    if (!row?.fileKey) throw notFound('File', path);
    const content = await this.files.open(row.fileKey);
    if (!content) throw notFound('File', path);
    return { entry: toDocumentEntry(row), content };
  }

  async upload(
    ctx: RequestContext,
    rawDirectory: unknown,
    overwrite: boolean,
    uploaded: UploadedFile[],
  ): Promise<DocumentUploadResponse> {
    const dir = documentPath(rawDirectory, 'path', { root: true });
    if (!uploaded.length)
      throw invalidField('files', 'files must hold at least one file (multipart/form-data)');
    const paths = uploaded.map((f) => {
      const name = documentPath(f.originalname, 'files');
      if (name.includes('/')) throw invalidField('files', `${name}: a file name must not contain /`);
      return documentPath(joinPath(dir, name), 'files');
    });
    if (new Set(paths).size !== paths.length) throw invalidField('files', 'two files have the same name');
    const prepared = await Promise.all(
      uploaded.map(async (f) => ({
        key: `${privateKeyPrefix}${ctx.workspaceId}/documents/${randomUUID()}`,
        file: f,
        contentType: await contentTypeOf(f),
      })),
    );
    // Stored (and counted against the quota: 413) before the tree changes; released if it does not.
    const urls = await this.uploads.store(ctx.workspaceId, prepared);
    const replaced: string[] = [];
    let answer: DocumentUploadResponse;
    try {
      answer = await this.db.transaction(ctx, async (tx) => {
        await lockDocumentTree(tx);
        await this.ensureDirectories(tx, dir, 'path');
        const repo = tx.repo(DocumentEntity, label);
        const existing = new Map((await repo.find({ where: { path: In(paths) } })).map((r) => [r.path, r]));
        const errors = paths.flatMap((p) => {
          const row = existing.get(p);
          if (!row) return [];
          if (row.type === 'Directory') return [`${p} is a directory`];
          return overwrite ? [] : [`${p} exists already (overwrite=true replaces it)`];
        });
        if (errors.length) throw conflict('A file of the upload is in the way.', { files: errors });
        const stored: DocumentEntryResponse[] = [];
        for (const [i, path] of paths.entries()) {
          const fields = {
            size: String(prepared[i].file.size),
            contentType: prepared[i].contentType,
            fileKey: prepared[i].key,
            fileUrl: urls[i],
          };
          const row = existing.get(path);
          if (row) {
            const before = snapshot(row);
            replaced.push(row.fileUrl!);
            const saved = await repo.save(Object.assign(row, fields));
            await tx.activities.updated('Document', saved.id, before, snapshot(saved));
            stored.push(toDocumentEntry(saved));
          } else {
            const saved = await repo.insert({ ...entryAt(path, 'File'), ...fields });
            await tx.activities.created('Document', saved.id, snapshot(saved));
            stored.push(toDocumentEntry(saved));
          }
        }
        return { files: stored };
      });
    } catch (err) {
      await this.uploads.release(ctx.workspaceId, urls);
      throw err;
    }
    await this.uploads.release(ctx.workspaceId, replaced);
    return answer;
  }

  async remove(ctx: RequestContext, rawPath: unknown): Promise<void> {
    const path = documentPath(rawPath, 'path');
    const url = await this.db.transaction(ctx, async (tx) => {
      await lockDocumentTree(tx);
      const repo = tx.repo(DocumentEntity, label);
      const row = await repo.findOne({ path });
      if (!row) throw notFound('File', path);
      if (row.type === 'Directory')
        throw invalidField(
          'path',
          `${path} is a directory: remove it with DELETE /core-api/documents/directories`,
        );
      await repo.remove(row);
      await tx.activities.deleted('Document', row.id, snapshot(row));
      return row.fileUrl;
    });
    await this.uploads.release(ctx.workspaceId, [url]);
  }

  async createDirectory(ctx: RequestContext, rawPath: unknown): Promise<DocumentEntryResponse> {
    const path = documentPath(rawPath, 'path');
    return this.db.transaction(ctx, async (tx) => {
      await lockDocumentTree(tx);
      const repo = tx.repo(DocumentEntity, label);
      if (await repo.exists({ path }))
        throw conflict(`${path} exists already.`, { path: ['is already in use'] });
      await this.ensureDirectories(tx, parentOf(path), 'path');
      const saved = await repo.insert(entryAt(path, 'Directory'));
      await tx.activities.created('Document', saved.id, snapshot(saved));
      return toDocumentEntry(saved);
    });
  }

  /** Removes a directory: 409 when it holds anything, unless `recursive` (then all of it goes). */
  async removeDirectory(ctx: RequestContext, rawPath: unknown, recursive: boolean): Promise<void> {
    const path = documentPath(rawPath, 'path');
    const range = below(path)!;
    const urls = await this.db.transaction(ctx, async (tx) => {
      await lockDocumentTree(tx);
      const repo = tx.repo(DocumentEntity, label);
      const dir = await repo.findOne({ path });
      if (!dir || dir.type !== 'Directory') throw notFound('Directory', path);
      const subtree = () => repo.qb('d').andWhere(range.condition, range.params);
      if (!recursive && (await subtree().getExists()))
        throw conflict(`${path} is not empty (recursive=true removes it with everything in it).`, {
          path: ['is not empty'],
        });
      const inside = recursive ? await subtree().orderBy('d.path', 'DESC').getMany() : [];
      for (const row of [...inside, dir]) await tx.activities.deleted('Document', row.id, snapshot(row));
      const ids = [...inside.map((r) => r.id), dir.id];
      for (let i = 0; i < ids.length; i += 1000) await repo.delete({ id: In(ids.slice(i, i + 1000)) });
      return inside.map((r) => r.fileUrl);
    });
    await this.uploads.release(ctx.workspaceId, urls);
  }

  private async getDirectory(ctx: RequestContext, path: string): Promise<DocumentEntity> {
    const row = await this.db.repo(ctx, DocumentEntity, label).findOne({ path, type: 'Directory' });
    if (!row) throw notFound('Directory', path);
    return row;
  }

  /** Creates `dir` and the directories above it where missing; a file in the way is a 409 naming `field`. */
  private async ensureDirectories(tx: Tx, dir: string, field: string): Promise<void> {
    if (!dir) return;
    const wanted = [...ancestorsOf(dir), dir];
    const repo = tx.repo(DocumentEntity, label);
    const existing = await repo.find({ where: { path: In(wanted) } });
    const file = existing.find((r) => r.type === 'File');
    if (file)
      throw conflict(`${file.path} is a file, not a directory.`, { [field]: [`${file.path} is a file`] });
    const have = new Set(existing.map((r) => r.path));
    for (const path of wanted.filter((p) => !have.has(p))) {
      const saved = await repo.insert(entryAt(path, 'Directory'));
      await tx.activities.created('Document', saved.id, snapshot(saved));
    }
  }
}

function entryAt(path: string, type: 'Directory' | 'File'): Partial<DocumentEntity> {
  return {
    path,
    parentPath: parentOf(path),
    name: nameOf(path),
    depth: path.split('/').length,
    type,
    size: null,
    contentType: null,
    fileKey: null,
    fileUrl: null,
  };
}

/** The type the bytes show (file-type), else the one the client declared if well-formed, else octet-stream. */
async function contentTypeOf(file: UploadedFile): Promise<string> {
  const detected = await fileTypeFromBuffer(file.head);
  if (detected) return detected.mime;
  const declared = file.mimetype?.split(';')[0].trim().toLowerCase();
  return declared && mimeType.test(declared) ? declared : 'application/octet-stream';
}
