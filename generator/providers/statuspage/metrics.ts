import type { JsonObject, Resource } from "../../core/provider.js";
import { DAY, HOUR, MINUTE, startOfDay } from "../../world/clock.js";
import { serviceKind } from "../../world/operations/operations.js";
import type { Service } from "../../world/types.js";
import { type SpContext, time } from "./context.js";
import { pagesOf } from "./lists.js";

/**
 * System metrics: what a status page shows continuously between incidents. The page links Datadog as its
 * metrics provider a few days after it was made, and shows one metric per HTTP service (world/operations/operations.ts
 * `serviceKind`): its production API response time from Datadog APM, added minutes after the provider (or
 * a day after a later service). Statuspage pulls each metric's data from the provider every five minutes
 * from the metric's creation (the first fetch backfills it), and keeps data points on 30-second intervals;
 * Datadog's newest rollup is a minute behind the fetch. So `last_fetched_at` is the last fetch at or before
 * as-of, `most_recent_data_at` the newest data point it brought, and `updated_at` the fetch (the metric is
 * saved with it). Only the times are served: the v1 API has no read of data points.
 */
const FETCH_EVERY = 5 * MINUTE;
const POINT = 30_000;
const ROLLUP_LAG = MINUTE;

export interface SpMetricsProvider {
  id: string;
  createdAt: number;
}

export interface SpMetric {
  id: string;
  service: Service;
  createdAt: number;
}

/** The page's one provider, once linked by as-of. */
export function metricsProvider(sp: SpContext): SpMetricsProvider | undefined {
  const [d = 0, h = 0, m = 0] = sp.bytes("metrics-provider/datadog");
  const createdAt = startOfDay(sp.pageCreatedAt) + (2 + (d % 12)) * DAY + (9 + (h % 8)) * HOUR + (m % 60) * MINUTE;
  return createdAt <= sp.asOf ? { id: sp.id("metrics-provider/datadog"), createdAt } : undefined;
}

/** A metric per HTTP service with a component, in the components' order, once added by as-of. */
export function metrics(sp: SpContext, provider: SpMetricsProvider): SpMetric[] {
  return sp.components
    .filter((c) => serviceKind(c.service) === "http")
    .map((c) => {
      const [a = 0, b = 0] = sp.bytes(`metric/${c.service.id}`);
      const createdAt = Math.max(
        provider.createdAt + (1 + (a % 20)) * MINUTE + (b % 60) * 1000,
        c.service.createdAt + DAY + (a % 60) * MINUTE,
      );
      return { id: sp.id(`metric/${c.service.id}`), service: c.service, createdAt };
    })
    .filter((m) => m.createdAt <= sp.asOf);
}

/** The last fetch from the provider at or before as-of, and the newest data point it brought. */
export function fetched(sp: SpContext, m: SpMetric): { lastFetchedAt: number; mostRecentDataAt: number } {
  const lastFetchedAt = m.createdAt + Math.floor((sp.asOf - m.createdAt) / FETCH_EVERY) * FETCH_EVERY;
  return { lastFetchedAt, mostRecentDataAt: Math.floor((lastFetchedAt - ROLLUP_LAG) / POINT) * POINT };
}

/** A metrics provider (v1 `MetricsProvider`), in the published description's key order. */
export function providerBody(sp: SpContext, p: SpMetricsProvider): JsonObject {
  return {
    id: p.id,
    type: "Datadog",
    disabled: false,
    metric_base_uri: "https://api.datadoghq.com/api/v1",
    last_revalidated_at: time(p.createdAt),
    created_at: time(p.createdAt),
    updated_at: time(p.createdAt),
    page_id: sp.pageId,
  };
}

/** A metric (v1 `Metric`), in the published description's key order. */
export function metricBody(sp: SpContext, p: SpMetricsProvider, m: SpMetric): JsonObject {
  const { lastFetchedAt, mostRecentDataAt } = fetched(sp, m);
  return {
    id: m.id,
    metrics_provider_id: p.id,
    metric_identifier: `avg:trace.http.request.duration{env:production,service:${m.service.slug}}*1000`,
    name: `${m.service.name} response time`,
    display: true,
    tooltip_description: `Average response time of ${m.service.name}'s requests in production, as Datadog APM measures it.`,
    backfilled: true,
    y_axis_min: 0,
    y_axis_max: null,
    y_axis_hidden: false,
    suffix: "ms",
    decimal_places: 0,
    most_recent_data_at: time(mostRecentDataAt),
    created_at: time(m.createdAt),
    updated_at: time(lastFetchedAt),
    last_fetched_at: time(lastFetchedAt),
    backfill_percentage: 100,
    reference_name: null,
  };
}

/**
 * `GET …/metrics_providers` (a plain array: the description gives it no paging), `…/metrics_providers/{id}`,
 * its metrics and the page's (`…/metrics_providers/{id}/metrics`, `…/metrics`: `page`/`per_page`), and
 * `…/metrics/{id}`.
 */
export function* metricResources(sp: SpContext, base: string): Generator<Resource> {
  const provider = metricsProvider(sp);
  yield { path: `${base}/metrics_providers`, body: provider ? [providerBody(sp, provider)] : [] };
  const all = provider ? metrics(sp, provider).map((m) => metricBody(sp, provider, m)) : [];
  yield* pagesOf(sp.pin.origin, `${base}/metrics`, all);
  if (!provider) return;
  yield { path: `${base}/metrics_providers/${provider.id}`, body: providerBody(sp, provider) };
  yield* pagesOf(sp.pin.origin, `${base}/metrics_providers/${provider.id}/metrics`, all);
  for (const m of all) yield { path: `${base}/metrics/${m.id as string}`, body: m };
}
