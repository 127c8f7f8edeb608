// What every emitter returns. Emitters never touch the disk: the write stage applies these.

/** `generator` files are rewritten when their content changes; `user` files are created once. */
export type FileOwner = 'generator' | 'user';

export interface GeneratedFile {
  /** Project-relative, forward slashes: `src/a2a/types.ts`. */
  path: string;
  content: string;
  owner: FileOwner;
}

export const generatorFile = (path: string, content: string): GeneratedFile => ({ path, content, owner: 'generator' });
export const userFile = (path: string, content: string): GeneratedFile => ({ path, content, owner: 'user' });

export { A2A_DIR } from '../project-symbol.js';
