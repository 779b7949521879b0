// File-system errors in words a user acts on, with the code kept for searching.
const WORDS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EISDIR: 'is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  ELOOP: 'too many symbolic links (a loop)',
  EMFILE: 'too many open files',
  EIO: 'input/output error',
  ENAMETOOLONG: 'file name too long',
  EEXIST: 'already exists',
  EBUSY: 'resource busy',
};

export function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code) return WORDS[code] ? `${WORDS[code]}, ${code}` : code;
  return e instanceof Error ? e.message : String(e);
}
