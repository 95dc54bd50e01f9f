/** Limits that keep a misbehaving client from holding the server: Node answers 431 and 408 itself. */
export const LIMITS = {
  maxUrl: 8_192,
  maxBody: 1_048_576,
  maxHeaderSize: 16_384,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
};

/** The largest file the companion server holds in memory (and answers by the hot path); larger ones are streamed by serve-handler. */
export const LARGEST_HELD = 16 * 1024 * 1024;
