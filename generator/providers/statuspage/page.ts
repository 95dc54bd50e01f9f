import type { JsonObject } from "../../core/provider.js";
import { type SpContext, time } from "./context.js";

/** Statuspage's default theme colours, as a new page gets them. */
const THEME: JsonObject = {
  css_body_background_color: "#ffffff",
  css_font_color: "#333333",
  css_light_font_color: "#a7a7a7",
  css_greens: "#2fcc66",
  css_yellows: "#f1c40f",
  css_oranges: "#e67e22",
  css_blues: "#3498db",
  css_reds: "#e74c3c",
  css_border_color: "#ecedee",
  css_graph_color: "#3498db",
  css_link_color: "#3498db",
  css_no_data: "#b3bac5",
};

/** Where the public status page lives: its CNAME on the company's domain. */
export function statusDomain(sp: SpContext): string {
  return `status.${sp.world.company.domain}`;
}

/** The page (v1 `Page`), in the published description's key order. */
export function pageBody(sp: SpContext): JsonObject {
  const company = sp.world.company;
  return {
    id: sp.pageId,
    created_at: time(sp.pageCreatedAt),
    updated_at: time(sp.pageUpdatedAt),
    name: company.name,
    page_description: `Current status and incident history of ${company.name}'s services.`,
    headline: `${company.name} Status`,
    branding: "premium",
    subdomain: `${company.slug}.statuspage.io`,
    domain: statusDomain(sp),
    url: `https://www.${company.domain}`,
    support_url: `https://www.${company.domain}/support`,
    hidden_from_search: false,
    allow_page_subscribers: true,
    allow_incident_subscribers: true,
    allow_email_subscribers: true,
    allow_sms_subscribers: false,
    allow_rss_atom_feeds: true,
    allow_webhook_subscribers: true,
    notifications_from_email: `no-reply@${statusDomain(sp)}`,
    notifications_email_footer: `You are receiving this email because you subscribed to ${company.name} status notifications.`,
    activity_score: 0,
    twitter_username: null,
    viewers_must_be_team_members: false,
    ip_restrictions: null,
    city: null,
    state: null,
    country: null,
    time_zone: "Etc/UTC",
    ...THEME,
    favicon_logo: null,
    transactional_logo: null,
    hero_cover: null,
    email_logo: null,
    twitter_logo: null,
  };
}
