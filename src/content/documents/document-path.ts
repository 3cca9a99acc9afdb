import { invalidField } from '../../platform/http/problem';

export const maxPathLength = 1024;
export const maxSegmentLength = 255;
export const maxDepth = 32;

/**
 * Characters never allowed in a document path: control characters (NUL included), the backslash
 * (a separator elsewhere), `%` (so no percent-encoded `..` or `/` can be decoded later by anyone)
 * and the bidirectional overrides that make a name read differently from what it is.
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const forbidden = /[\u0000-\u001f\u007f\\%\u202a-\u202e\u2066-\u2069]/u;

/**
 * A document path as the API takes it: relative to the workspace's root, segments separated by
 * `/` (`contracts/2026/offer.pdf`). Returns it in Unicode NFC, or a 400 naming `field` for an
 * absolute path, an empty, `.` or `..` segment, a forbidden character, a segment with leading or
 * trailing blanks, more than 32 segments, a segment over 255 or a path over 1,024 characters.
 * The root itself is `''`, allowed only where `root` is.
 *
 * Paths name rows of the `documents` table only: the stored bytes live under keys the service
 * makes (`private/<workspace>/documents/<uuid>`), so no path ever reaches a file system or bucket.
 */
export function documentPath(raw: unknown, field: string, { root = false } = {}): string {
  if (raw === undefined || raw === null || raw === '') {
    if (root) return '';
    throw invalidField(field, `${field} is required`);
  }
  if (typeof raw !== 'string') throw invalidField(field, `${field} must be a string`);
  const path = raw.normalize('NFC');
  if (path.length > maxPathLength)
    throw invalidField(field, `${field} must be at most ${maxPathLength} characters`);
  if (path.startsWith('/'))
    throw invalidField(field, `${field} must be relative to the documents root (no leading /)`);
  if (forbidden.test(path))
    throw invalidField(
      field,
      `${field} must not contain control characters, backslashes, % or direction overrides`,
    );
  const segments = path.split('/');
  if (segments.length > maxDepth)
    throw invalidField(field, `${field} must have at most ${maxDepth} segments`);
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..')
      throw invalidField(field, `${field} must not contain empty, . or .. segments`);
    if (segment.length > maxSegmentLength)
      throw invalidField(field, `each segment of ${field} must be at most ${maxSegmentLength} characters`);
    if (segment.trim() !== segment)
      throw invalidField(field, `segments of ${field} must not start or end with blanks`);
  }
  return path;
}

/** `a/b/c.pdf` → `a/b`; a top-level entry's parent is the root `''`. */
export const parentOf = (path: string): string =>
  path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';

/** `a/b/c.pdf` → `c.pdf`. */
export const nameOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** `a/b/c` → `['a', 'a/b']`: the directories above an entry, top first. */
export function ancestorsOf(path: string): string[] {
  const segments = path.split('/');
  return segments.slice(0, -1).map((_, i) => segments.slice(0, i + 1).join('/'));
}

/** `child` joined under `directory` (the root is `''`). */
export const joinPath = (directory: string, child: string): string =>
  directory ? `${directory}/${child}` : child;
