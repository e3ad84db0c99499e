import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

export class TooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`larger than ${limit} bytes`);
  }
}

/** Counts and hashes bytes on their way to storage; errors as soon as they pass `limit`. */
export class Meter extends Transform {
  /** Not `size` or `length`: the S3 uploader would take those for the stream's total length. */
  counted = 0;
  exceeded = false;
  private readonly hash = createHash('sha256');
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.counted += chunk.length;
    if (this.counted > this.limit) {
      this.exceeded = true;
      return done(new TooLargeError(this.limit));
    }
    this.hash.update(chunk);
    done(null, chunk);
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}
