/** Whether a feature or integration can be used today (spec section 3). */
export type ProductStatus = "Available" | "Coming Soon";

/** The public /status page's copy; the per-service sentences come from lib/hosting/service-health.ts. */
export const statusPage = {
  title: "Cipher status",
  description: "Whether the website, the database and bot hosting are working right now.",
  overall: {
    operational: "All systems operational",
    degraded: "Some services are degraded",
    down: "Some services are down",
  },
  note: "Bots reconnect on their own when a service is back. Reload the page to check again.",
} as const;
