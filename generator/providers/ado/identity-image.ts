import { errorReply, readResource } from "../../core/compute.js";
import type { ComputeHandler, JsonObject } from "../../core/provider.js";
import { avatarPng } from "./avatar-png.js";

/**
 * `_api/_common/identityImage?id={identity id}`, as IdentityRef.imageUrl names it: the identity's avatar
 * (the same PNG as its `GraphProfile/MemberAvatars/{descriptor}`). Computed because the identity is a
 * query parameter; an id with no Identity gets the provider's 404.
 */
export const identityImage: ComputeHandler = async (input) => {
  const org = input.path.split("/")[0]!;
  const id = new Map(input.query.map(([k, v]) => [k.toLowerCase(), v])).get("id") ?? "";
  const known = /^[0-9a-f-]{36}$/i.test(id)
    ? await readResource<JsonObject>(input, `${org}/_apis/Identities/${id.toLowerCase()}`)
    : undefined;
  if (!known) return errorReply(input.serving.errors.notFound, "application/json; charset=utf-8; api-version=7.1");
  return { status: 200, body: avatarPng(id.toLowerCase()), headers: { "content-type": "image/png" } };
};
