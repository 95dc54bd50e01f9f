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
