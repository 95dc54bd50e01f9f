import { promisify } from "node:util";
import { brotliCompress, constants, deflate, gzip } from "node:zlib";

/** The encodings answers are sent in besides identity, as `Content-Encoding` names them. */
export type Encoding = "br" | "gzip" | "deflate";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);

/**
 * A pre-rendered file's encodings: the `compression` middleware's settings (brotli quality 4, zlib's
 * default level), brotli told the size up front. Compressed once per file (FileCache.encoded).
 */
export const FILE_ENCODERS: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) => brotliAsync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
  gzip: (data) => gzipAsync(data),
  deflate: (data) => deflateAsync(data),
};

/** What the middleware streams for every other answer: the same, without the size hint. */
export const STREAM_ENCODERS: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) => brotliAsync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (data) => gzipAsync(data),
  deflate: (data) => deflateAsync(data),
};
