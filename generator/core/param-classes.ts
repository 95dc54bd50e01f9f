import type { ErrorDoc, QueryRefusal } from "./provider.js";

/**
 * How a provider accounts for every query parameter its real API documents on the operations it serves
 * (issue 37: a parameter the real API honours is never silently ignored). Keys are a parameter name (it
 * holds on every served operation) or `<operation path> <parameter>` (one operation; it wins). Each value
 * is one line: where it is computed, the error that refuses it, or the evidence that the real API
 * ignores it too (or that the answer cannot differ). The classification tests read it against the
 * provider's published description and fail on any parameter left out.
 */
export interface ParamClasses {
  /** Operations of the description under served route families that the provider does not serve (they answer 404). */
  unserved: string[];
  /** Parameters the answer honours: a list filter, sort, page or a pre-rendered variant. */
  computed: Record<string, string>;
  /** Parameters refused with the provider's own error naming them. */
  refused: Record<string, string>;
  /** Parameters the real API ignores here too, or that cannot change this world's answer: the evidence. */
  ignored: Record<string, string>;
  /**
   * Parameters the real API honours that are still answered as if absent: the known gaps, listed so the
   * test can count them and fail when one is added. The goal is none.
   */
  unhandled: Record<string, string>;
}

/** The class of a parameter on an operation, or undefined when it is not classified. */
export function classOf(classes: ParamClasses, operation: string, param: string): keyof Omit<ParamClasses, "unserved"> | undefined {
  const kinds = ["computed", "refused", "ignored", "unhandled"] as const;
  return kinds.find((k) => `${operation} ${param}` in classes[k]) ?? kinds.find((k) => param in classes[k]);
}

/** A refused parameter as a provider lists it: the values still answered as if absent (a regex; absent: none) and why. */
export interface RefusedParam {
  allow?: string;
  why: string;
}

/**
 * A provider's refused table (`<template> <param>` or a bare name) as the serving profile's refusal
 * rules (QueryRules.refuse): `pathOf` turns a template into a key-path regex, `message` is the provider's
 * wording with `{why}` (and the resolver's `{param}` and `{value}`), `error` its error document.
 */
export function refusalRules(
  refused: Record<string, RefusedParam>,
  opts: { pathOf: (template: string) => string; message: string; error?: ErrorDoc },
): QueryRefusal[] {
  return Object.entries(refused).map(([key, r]) => {
    const at = key.lastIndexOf(" ");
    return {
      param: key.slice(at + 1),
      ...(at === -1 ? {} : { path: opts.pathOf(key.slice(0, at)) }),
      ...(r.allow ? { allow: r.allow } : {}),
      ...(opts.error ? { error: opts.error } : {}),
      message: opts.message.replace("{why}", r.why),
    };
  });
}

/** The one-line class entries of a refused table: `400 naming it unless <allow>: <why>`. */
export function refusedLines(refused: Record<string, RefusedParam>, status = 400): Record<string, string> {
  return Object.fromEntries(
    Object.entries(refused).map(([k, r]) => [k, `${status} naming it${r.allow ? ` unless ${r.allow}` : ""}: ${r.why}`]),
  );
}
