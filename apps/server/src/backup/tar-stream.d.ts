// The part of tar-stream 2.x (a streaming tar writer and reader) the backups use; the package ships no types.
declare module 'tar-stream' {
  import type { Readable, Writable } from 'node:stream';

  export interface Headers {
    name: string;
    size?: number;
    mode?: number;
    mtime?: Date;
    type?: 'file' | 'directory' | 'symlink' | 'link' | 'character-device' | 'block-device' | 'fifo' | 'contiguous-file' | 'pax-header' | 'pax-global-header' | 'gnu-long-link-path' | 'gnu-long-path' | null;
  }

  export interface Pack extends Readable {
    /** An entry with its whole content, or (with only a callback) a stream to write `size` bytes to. */
    entry(headers: Headers, buffer: Buffer | string, callback?: (error?: Error | null) => void): Writable;
    entry(headers: Headers, callback?: (error?: Error | null) => void): Writable;
    finalize(): void;
  }

  export interface Extract extends Writable {
    on(event: 'entry', listener: (headers: Headers, stream: Readable, next: (error?: unknown) => void) => void): this;
    on(event: string | symbol, listener: (...args: unknown[]) => void): this;
  }

  export function pack(): Pack;
  export function extract(): Extract;
}
