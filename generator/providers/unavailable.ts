import type { ErrorDoc } from "../core/provider.js";

/**
 * How each provider says "not available": the 503 a live host (or a pin) answers while its provider has
 * no generator, or before the first live build, in that provider's own error shape. `{message}` is
 * filled in by the resolver. Written into dist/_catalog.json by the build, so the server needs no code.
 */
const doc = (body: ErrorDoc["body"], headers?: Record<string, string>): ErrorDoc => ({ status: 503, body, ...(headers ? { headers } : {}) });

export const unavailable: Record<string, ErrorDoc> = {
  gh: doc({ message: "{message}", documentation_url: "https://docs.github.com/rest", status: "503" }),
  slack: doc({ ok: false, error: "service_unavailable", warning: "{message}" }),
  sentry: doc({ detail: "{message}" }),
  circleci: doc({ message: "{message}" }),
  zendesk: doc({ error: "ServiceUnavailable", description: "{message}" }),
  gl: doc({ message: "503 Service Unavailable: {message}" }),
  bb: doc({ type: "error", error: { message: "{message}" } }),
  ado: doc({ $id: "1", innerException: null, message: "{message}", typeName: "Microsoft.TeamFoundation.Framework.Server.ServiceUnavailableException, Microsoft.TeamFoundation.Framework.Server", typeKey: "ServiceUnavailableException", errorCode: 0, eventId: 3000 }),
  jira: doc({ errorMessages: ["{message}"], errors: {} }),
  linear: doc({ errors: [{ message: "{message}", extensions: { code: "SERVICE_UNAVAILABLE", type: "service unavailable", userError: false } }] }),
  anthropic: doc({ type: "error", error: { type: "overloaded_error", message: "{message}" } }),
  cursor: doc({ error: "service_unavailable", message: "{message}" }),
  devin: doc({ detail: "{message}" }),
  openai: doc({ error: { message: "{message}", type: "server_error", param: null, code: "service_unavailable" } }),
  chatgpt: doc({ error: { message: "{message}", type: "server_error", param: null, code: "service_unavailable" } }),
  graph: doc({ error: { code: "serviceNotAvailable", message: "{message}", innerError: {} } }),
  pd: doc({ error: { message: "{message}", code: 2014, errors: ["Service unavailable"] } }),
  sf: doc([{ message: "{message}", errorCode: "SERVER_UNAVAILABLE" }]),
  hubspot: doc({ status: "error", message: "{message}", correlationId: "00000000-0000-0000-0000-000000000000", category: "SERVICE_UNAVAILABLE" }),
  buildkite: doc({ message: "{message}" }),
  statuspage: doc({ error: "{message}" }),
};
