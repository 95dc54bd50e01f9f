import type { ErrorDoc, JsonValue } from "../../core/provider.js";

/**
 * OpenAI's error body: `{"error":{"message","type","param","code"}}`. One body stands for every unknown
 * path and every unknown id (OpenAI says `Invalid URL (GET /v1/…)` for the one and `No such File object:
 * file-…` for the other; the pin cannot tell them apart without computing every GET).
 */
export function openAiError(message: string, type: string, param: string | null, code: string | null): JsonValue {
  return { error: { message, type, param, code } };
}

export const notFound: ErrorDoc = {
  status: 404,
  body: openAiError(
    "Invalid URL or unknown id: this snapshot of the OpenAI API has no such resource.",
    "invalid_request_error",
    null,
    null,
  ),
};

/**
 * A list parameter OpenAI refuses (a `limit` above the maximum, an `order` that is neither `asc` nor
 * `desc`, a bound that is no number): `{message}` and `{param}` are filled in per request.
 */
export const badRequest: ErrorDoc = { status: 400, body: openAiError("{message}", "invalid_request_error", "{param}", null) };

/** OpenAI's 401 for a request without a Bearer key (any key is accepted: the pin is not a secret). */
export const missingKey: ErrorDoc = {
  status: 401,
  body: openAiError(
    "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: " +
      "Bearer YOUR_KEY). You can obtain an API key from https://platform.openai.com/account/api-keys.",
    "invalid_request_error",
    null,
    null,
  ),
};

/** Any write except the two computed inference endpoints: the snapshot is frozen and never changes. */
export const methodNotAllowed: ErrorDoc = {
  status: 405,
  body: openAiError(
    "This is a frozen snapshot of the OpenAI API: writes are not served and nothing was " +
      "changed. Only POST /v1/chat/completions and POST /" +
      "v1/responses are answered.",
    "invalid_request_error",
    null,
    "method_not_allowed",
  ),
};

/** OpenAI's 400 for a body that is not JSON (its own wording). */
export const invalidJson = openAiError(
  "We could not parse the JSON body of your request. (HINT: This likely means you aren't " +
    "using your HTTP library correctly. The OpenAI API " +
    "expects a JSON payload, but what was sent was not valid JSON. If you have trouble " +
    "figuring out how to fix this, please contact us through our help center at help.openai.com.)",
  "invalid_request_error",
  null,
  null,
);

export function missingParameter(param: string): JsonValue {
  return openAiError(`Missing required parameter: '${param}'.`, "invalid_request_error", param, "missing_required_parameter");
}

export function invalidValue(param: string, message: string): JsonValue {
  return openAiError(message, "invalid_request_error", param, "invalid_value");
}

export function invalidType(param: string, expected: string): JsonValue {
  return openAiError(
    `Invalid type for '${param}': expected ${expected}, but got a value of another type instead.`,
    "invalid_request_error",
    param,
    "invalid_type",
  );
}

export function modelNotFound(model: string): JsonValue {
  return openAiError(
    `The model \`${model}\` does not exist or you do not have access to it.`,
    "invalid_request_error",
    null,
    "model_not_found",
  );
}

export function notAChatModel(endpoint: string): JsonValue {
  return openAiError(
    `This is not a chat model and thus not supported in the ${endpoint} endpoint.`,
    "invalid_request_error",
    "model",
    null,
  );
}
