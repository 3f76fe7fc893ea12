/**
 * The part of `tar-stream` 2.2.0 (a pinned dev dependency; the package ships no types) that the harness uses: the
 * streaming parser of an uncompressed tar archive (its README, "Extracting") and, for tests, the packer.
 */
declare module 'tar-stream' {
  import type { Readable, Writable } from 'node:stream';

  /** An entry's header, its type named as tar-stream names it (`file`, `directory`, `symlink`, `link`, …). */
  export interface Headers {
    name: string;
    size?: number;
    mode?: number;
    type?: string;
    linkname?: string | null;
    mtime?: Date;
  }

  export interface Extract extends Writable {
    on(
      event: 'entry',
      listener: (header: Headers, stream: Readable, next: (error?: Error) => void) => void,
    ): this;
    on(event: 'finish' | 'close', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    destroy(error?: Error): this;
  }

  export interface Pack extends Readable {
    entry(header: Headers, body?: string | Buffer, callback?: (error?: Error) => void): Writable;
    finalize(): void;
  }

  export function extract(): Extract;
  export function pack(): Pack;
}
