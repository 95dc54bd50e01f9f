import { z } from "zod";

/**
 * Validators for the ChatGPT Enterprise Compliance API bodies the `chatgpt` live host serves, written
 * from OpenAI's published OpenAPI description of the API, "Enterprise Compliance API" version 1.1.5
 * (OpenAPI 3.0.2, servers `https://api.chatgpt.com/v1`; the document behind
 * chatgpt.com/admin/api-reference), read as reference: its component schemas `WorkspaceUser`,
 * `Conversation`, `Message`, `MessageAuthor`, `MessageContent`, `MessageList`, `ConversationFile(Info)`,
 * `GPT`, `GPTConfig`, `GPTTool`, `GPTVersionAuthor`, `GPTFile(Info)`, `Project`, `ProjectConfig`,
 * `ProjectTool`, `ProjectFile(Info)`, `BaseFile`, `GenericList` and its typed lists, and its responses
 * `WorkspaceUserListResponse`, `ConversationListResponse`, `GPTListResponse`, `GPTResponse`,
 * `GPTConfigListResponse`, `DeletionResponse` and the inline 200 answers of the project paths.
 * No copy of the description is kept in the repository or in ../shared/specs.
 *
 * - Field names, types, enums and `nullable` are the description's. Its `format: uuid` is `z.uuid()`,
 *   `format: email` is `z.email()`, `format: url` is `z.url()`; its `timestamp` (Unix seconds, with a
 *   fraction: `1692158096.299021`) is a number.
 * - Objects are strict: a field the description does not declare fails.
 * - Required-ness: the description's response schemas list no `required` properties; its prose says
 *   which fields are sometimes left out ("This is not provided for 3rd party GPTs / Projects", "Only
 *   provided for `custom_action` tool type") or null ("This value is null for messages generated
 *   through unsupported tools", "If the file has expired, the `created_at` and `download_url` will be
 *   `null`"). Those are optional (or nullable) here; every other declared field is required.
 *
 * Readings beyond the description, each narrow (also in the provider README):
 * - `last_id` may be null: an empty list (a filter that matches nothing, a GPT without files) has no
 *   last id, and a GPT's tools have no ids at all (`GPTTool` declares none);
 * - `Message.parent_id` may be null: the root of a conversation's message tree has no parent (OpenAI's
 *   own sample answers, quoted by connectors such as Worklytics/psoxy, write `"parent_id": null`);
 * - a project id has no `uuid` format: the description's own example for `project_id`
 *   (`g-p-XXXXXXXXX`) and ChatGPT's project ids are not UUIDs.
 *
 * Two bodies the description does not cover have validators from other sources, each named below:
 * the Logs Platform (`…/logs`, its JSON Lines files) and the error bodies.
 */

/** `timestamp`: "A Unix timestamp." (number). */
const timestamp = z.number();
/** `user_id`: "The auth user ID for a user." (string; example `user-XXXXXXXXXXXXXXXXXXXXXXXX`). */
const userId = z.string();
/** `gpt_id`: "The ID of a GPT." (string; example `g-XXXXXXXXX`). */
const gptId = z.string();
/** `project_id`: string, `format: uuid` in the description, read without it (see above). */
const projectId = z.string();
/** `workspace_id`: string, `format: uuid`. */
const workspaceId = z.uuid();

/**
 * `GenericList` and the typed lists built on it (`allOf` with a typed `data`): `object` `list`,
 * `last_id`, `has_more`, `data`. `last_id` nullable: a reading (see above).
 */
function list<T extends z.ZodType>(item: T) {
  return z.strictObject({
    object: z.literal("list"),
    last_id: z.string().nullable(),
    has_more: z.boolean(),
    data: z.array(item),
  });
}

// ---------------------------------------------------------------------------------------------------
// Users

/** `WorkspaceUser`. */
export const workspaceUser = z.strictObject({
  object: z.literal("compliance.workspace.user"),
  id: userId,
  email: z.email(),
  name: z.string(),
  created_at: timestamp,
  role: z.enum(["account-owner", "account-admin", "standard-user"]),
  status: z.enum(["active", "inactive"]),
});

/** `WorkspaceUserListResponse` (users, GPT shared users) and the project shared users' inline answer. */
export const workspaceUserList = list(workspaceUser);

// ---------------------------------------------------------------------------------------------------
// Files (every file list: `oneOf` the `url` form and the `id` form, by `file_format`)

/**
 * `BaseFile` with its `object`. `created_at` and `download_url` are null once the file has expired
 * (the description's prose; `download_url` is also marked `nullable`).
 */
function baseFile<O extends string>(object: O) {
  return z.strictObject({
    id: z.string(),
    name: z.string(),
    created_at: timestamp.nullable(),
    download_url: z.url().nullable(),
    object: z.literal(object),
  });
}

/** `ConversationFile` | `ConversationFileInfo`. */
const conversationFile = z.union([
  baseFile("compliance.workspace.conversation.message.file"),
  z.strictObject({
    id: z.string(),
    name: z.string(),
    user_id: userId,
    object: z.literal("compliance.workspace.conversation.message.file_info"),
  }),
]);

/** `GPTFile` | `GPTFileInfo`. */
const gptFile = z.union([
  baseFile("compliance.workspace.gpt.file"),
  z.strictObject({ id: z.string(), name: z.string(), object: z.literal("compliance.workspace.gpt.file_info") }),
]);

/** `ProjectFile` | `ProjectFileInfo`. */
const projectFile = z.union([
  baseFile("compliance.workspace.project.file"),
  z.strictObject({ id: z.string(), name: z.string(), object: z.literal("compliance.workspace.project.file_info") }),
]);

// ---------------------------------------------------------------------------------------------------
// Conversations

/** `MessageAuthor`: `tool_name` is nullable ("Unsupported tools will have a null value"). */
const messageAuthor = z.strictObject({
  object: z.string(),
  role: z.enum(["user", "assistant", "system", "tool"]),
  tool_name: z.enum(["python", "browser", "dalle"]).nullable(),
});

/** `MessageContent`: "This value is null for messages generated through unsupported tools." */
const messageContent = z
  .strictObject({
    object: z.string(),
    type: z.string(),
    value: z.string(),
    annotations: z.array(z.strictObject({ type: z.literal("url_citation"), urls: z.array(z.url()) })),
  })
  .nullable();

/** `Message`. `parent_id` nullable: a reading (the root message); `created_at`, `gpt_id`, `project_id` nullable in the description. */
export const message = z.strictObject({
  object: z.literal("compliance.workspace.conversation.message"),
  id: z.uuid(),
  parent_id: z.uuid().nullable(),
  created_at: timestamp.nullable(),
  gpt_id: z.string().nullable(),
  project_id: z.string().nullable(),
  author: messageAuthor,
  content: messageContent,
  files: list(conversationFile),
});

/** `Conversation`, with its `MessageList`. */
export const conversation = z.strictObject({
  object: z.literal("compliance.workspace.conversation"),
  id: z.uuid(),
  workspace_id: workspaceId,
  user_id: userId,
  user_email: z.email(),
  created_at: timestamp,
  last_active_at: timestamp,
  title: z.string(),
  messages: list(message),
});

/** `ConversationListResponse`. */
export const conversationList = list(conversation);

// ---------------------------------------------------------------------------------------------------
// GPTs

/**
 * `GPTTool`: the `action_*` fields and `auth_type` are "Only provided for `custom_action` tool type".
 * `GPTTool` declares no id, so a tool list's `last_id` is null (a reading, see above).
 */
const gptTool = z.union([
  z.strictObject({ type: z.enum(["code_interpreter", "browser", "dall-e", "memory"]), created_at: timestamp }),
  z.strictObject({
    type: z.literal("custom_action"),
    created_at: timestamp,
    action_domain: z.string(),
    action_openapi_raw: z.string(),
    action_privacy_policy_url: z.string(),
    auth_type: z.string(),
  }),
]);

/** `GPTVersionAuthor`. */
const gptVersionAuthor = z.strictObject({
  object: z.literal("compliance.workspace.gpt.version_author"),
  id: z.string(),
  email: z.email(),
});

/**
 * `GPTConfig`. `created_at`, `instructions` and `files` "will not be provided for 3rd party GPTs":
 * optional. `version_author` is `nullable`.
 */
export const gptConfig = z.strictObject({
  object: z.literal("compliance.workspace.gpt.configuration"),
  id: z.string(),
  name: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  conversation_starters: z.array(z.string()),
  created_at: timestamp.optional(),
  instructions: z.string().optional(),
  version_author: gptVersionAuthor.nullable(),
  files: list(gptFile).optional(),
  tools: list(gptTool),
});

/** `GPTConfigList` (`latest_config`) and `GPTConfigListResponse`. */
export const gptConfigList = list(gptConfig);

const gptPermissions = z.strictObject({
  object: z.literal("compliance.workspace.gpt.permissions"),
  can_read: z.boolean(),
  can_view_config: z.boolean(),
  can_write: z.boolean(),
});

const VISIBILITY = ["invite-only", "workspace-with-link", "workspace", "anyone-with-link", "gpt-store"] as const;

/** `GPT`. `created_at`, `owner_id`, `owner_email` and `sharing` are "not provided for 3rd party GPTs": optional. */
export const gpt = z.strictObject({
  object: z.literal("compliance.workspace.gpt"),
  id: gptId,
  created_at: timestamp.optional(),
  owner_id: userId.optional(),
  owner_email: z.email().optional(),
  builder_name: z.string(),
  sharing: z
    .strictObject({
      object: z.literal("compliance.workspace.gpt.sharing"),
      visibility: z.enum(VISIBILITY),
      permissions: gptPermissions,
      recipients: z.array(
        z.strictObject({
          object: z.literal("compliance.workspace.gpt.shared_user"),
          id: userId,
          email: z.email(),
          permissions: gptPermissions,
        }),
      ),
    })
    .optional(),
  latest_config: gptConfigList,
});

/** `GPTListResponse`. */
export const gptList = list(gpt);

// ---------------------------------------------------------------------------------------------------
// Projects

/** `ProjectTool`: the `action_*` fields only "if `custom_action`". `ProjectTool` declares no id. */
const projectTool = z.union([
  z.strictObject({ type: z.enum(["code_interpreter", "browser", "dall-e", "memory"]), created_at: timestamp }),
  z.strictObject({
    type: z.literal("custom_action"),
    created_at: timestamp,
    action_domain: z.string(),
    action_openapi_raw: z.string(),
    action_privacy_policy_url: z.string(),
  }),
]);

/** `ProjectConfig`. */
export const projectConfig = z.strictObject({
  object: z.literal("compliance.workspace.project.configuration"),
  id: z.string(),
  name: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  conversation_starters: z.array(z.string()),
  created_at: timestamp,
  instructions: z.string(),
  files: list(projectFile),
  tools: list(projectTool),
});

/** `ProjectConfigList` (`latest_config`) and the project configurations' inline answer. */
export const projectConfigList = list(projectConfig);

const projectPermissions = z.strictObject({
  object: z.literal("compliance.workspace.project.permissions"),
  can_read: z.boolean(),
  can_view_config: z.boolean(),
  can_write: z.boolean(),
});

/** `Project`. `created_at`, `owner_id`, `owner_email` and `sharing` are "not provided for 3rd party Projects": optional. */
export const project = z.strictObject({
  object: z.literal("compliance.workspace.project"),
  id: projectId,
  created_at: timestamp.optional(),
  owner_id: userId.optional(),
  owner_email: z.email().optional(),
  builder_name: z.string(),
  sharing: z
    .strictObject({
      object: z.literal("compliance.workspace.project.sharing"),
      visibility: z.enum(VISIBILITY),
      permissions: projectPermissions,
      recipients: z.array(
        z.strictObject({
          object: z.literal("compliance.workspace.project.shared_user"),
          id: userId,
          email: z.email(),
          permissions: projectPermissions,
        }),
      ),
    })
    .optional(),
  latest_config: projectConfigList,
});

/** The projects' inline list answer ("A list of Projects."). */
export const projectList = list(project);

// ---------------------------------------------------------------------------------------------------
// Deletions

/** `DeletionResponse`: `{deleted, object, id}`. */
export const deletion = z.strictObject({
  deleted: z.boolean(),
  object: z.string(),
  id: z.string(),
});

// ---------------------------------------------------------------------------------------------------
// Errors: not in the Compliance description

/**
 * The description documents the error statuses (404, 429), not their bodies. The API is served by
 * OpenAI's API stack, whose error body is the OpenAI API description's (`../shared/specs/openai`,
 * "OpenAI API", openai/openai-openapi) `ErrorResponse`: `{error: Error}` with `Error` `{code: string
 * | null, message: string, param: string | null, type: string}`, every field required.
 */
export const errorBody = z.strictObject({
  error: z.strictObject({
    message: z.string(),
    type: z.string(),
    param: z.string().nullable(),
    code: z.string().nullable(),
  }),
});

// ---------------------------------------------------------------------------------------------------
// The Logs Platform: not in the description (version 1.1.5 has no `/logs` path)

/**
 * `GET …/logs`: `{data: [{id}], has_more, last_end_time}`, `last_end_time` null on an empty page. From
 * OpenAI's cookbook (Logs Platform quickstart, `examples/chatgpt/compliance_api/`) and Elastic's
 * `openai_chatgpt_enterprise` integration (its CEL program reads `data[].id`, `has_more` and
 * `last_end_time`, "Empty pages return last_end_time: null").
 */
export const logFileList = z.strictObject({
  data: z.array(z.strictObject({ id: z.string() })),
  has_more: z.boolean(),
  last_end_time: z.string().nullable(),
});

/** ISO 8601 in UTC, with or without fractional seconds (`2026-07-15T15:29:00.243000Z`, `2026-03-18T13:55:10Z`). */
const isoInstant = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/, "an ISO 8601 UTC instant");

/**
 * One line of a `CONVERSATION_MESSAGE` log file. From Elastic's `openai_chatgpt_enterprise`
 * integration (`data_stream/conversation_message`: its pipeline test events and `fields.yml`) and Sumo
 * Logic's ChatGPT Compliance app (its sample conversation log, which adds `gpt_id`/`gpt_name`,
 * `project_id`/`project_name` and message `files`). Optional: what those sources show only sometimes
 * (`previous_message_id` "Omitted for the first message", the assistant's `tools_used`/`skills_used`,
 * `annotations`, `files`, the GPT and project of a conversation) and the message's `created_at` ("when
 * available"). Annotation kinds other than `url_citation` (Sumo's `file_citation`, `quotation`) are
 * accepted as objects with a `type`.
 */
export const logEvent = z.strictObject({
  event_id: z.uuid(),
  type: z.literal("CONVERSATION_MESSAGE"),
  principal: z.strictObject({ id: z.string(), type: z.string() }),
  actor: z.strictObject({ type: z.string(), user_id: userId, user_email: z.email() }),
  timestamp: isoInstant,
  previous_message_id: z.string().optional(),
  message: z.strictObject({
    id: z.string(),
    created_at: isoInstant.optional(),
    author: z.union([
      z.strictObject({ type: z.literal("user"), client_type: z.string() }),
      z.strictObject({
        type: z.literal("assistant"),
        model: z.string(),
        tools_used: z.array(z.string()).optional(),
        skills_used: z.array(z.string()).optional(),
      }),
    ]),
    content: z.strictObject({
      type: z.string(),
      value: z.string().nullable(),
      annotations: z
        .array(z.union([z.strictObject({ type: z.literal("url_citation"), urls: z.array(z.url()) }), z.looseObject({ type: z.string() })]))
        .optional(),
    }),
    files: z.array(z.strictObject({ id: z.string(), name: z.string() })).optional(),
  }),
  conversation: z.strictObject({
    id: z.string(),
    title: z.string(),
    gpt_id: z.string().optional(),
    gpt_name: z.string().optional(),
    project_id: z.string().optional(),
    project_name: z.string().optional(),
    created_at: isoInstant,
    is_pinned: z.boolean(),
    is_temporary_chat: z.boolean(),
  }),
});

// ---------------------------------------------------------------------------------------------------

/** The first few issues of a failed parse, or undefined when `body` conforms. */
export function problems(schema: z.ZodType, body: unknown): string | undefined {
  const result = schema.safeParse(body);
  return result.success
    ? undefined
    : result.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`)
        .join("; ");
}

/** Each served GET path (under `v1/compliance/workspaces/{workspace_id}/`) and its answer's schema. */
const ROUTES: Array<[RegExp, z.ZodType]> = [
  [/^users$/, workspaceUserList],
  [/^conversations$/, conversationList],
  [/^gpts$/, gptList],
  [/^gpts\/[^/]+$/, gpt],
  [/^gpts\/[^/]+\/configs$/, gptConfigList],
  [/^gpts\/[^/]+\/shared_users$/, workspaceUserList],
  [/^projects$/, projectList],
  [/^projects\/[^/]+$/, project],
  [/^projects\/[^/]+\/configs$/, projectConfigList],
  [/^projects\/[^/]+\/shared_users$/, workspaceUserList],
  [/^logs$/, logFileList],
];

/** Why a JSON body served at `path` (`v1/compliance/workspaces/{id}/…`) does not conform, or undefined. */
export function validateCompliance(path: string, body: unknown): string | undefined {
  const match = /^\/?v1\/compliance\/workspaces\/([^/]+)\/(.+)$/.exec(path);
  if (!match) return `no schema for ${path}`;
  if (!workspaceId.safeParse(match[1]).success) return `${path}: the workspace id is no UUID`;
  const schema = ROUTES.find(([re]) => re.test(match[2]!))?.[1];
  if (!schema) return `no schema for ${path}`;
  return problems(schema, body);
}

/** Why a `CONVERSATION_MESSAGE` log file (JSON Lines, a final newline) does not conform, or undefined. */
export function validateLogFile(text: string): string | undefined {
  if (!text.endsWith("\n")) return "a log file ends with a newline";
  const lines = text.slice(0, -1).split("\n");
  for (const [i, line] of lines.entries()) {
    let event: unknown;
    try {
      event = JSON.parse(line);
    } catch {
      return `line ${i + 1}: not JSON`;
    }
    const problem = problems(logEvent, event);
    if (problem) return `line ${i + 1}: ${problem}`;
  }
  return undefined;
}
