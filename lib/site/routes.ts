/**
 * Every public page, for the sitemap and the tests that visit them all. Blog posts and
 * tutorials are added from their collections. The emailed-link screens (/auth/confirm,
 * /reset-password) and /forgot-password are left out: they are not pages to find by search.
 */
export const publicPages: { path: string; changeFrequency: "weekly" | "monthly" | "yearly"; priority: number }[] = [
  { path: "/", changeFrequency: "weekly", priority: 1 },
  { path: "/features", changeFrequency: "monthly", priority: 0.8 },
  { path: "/pricing", changeFrequency: "monthly", priority: 0.9 },
  { path: "/templates", changeFrequency: "monthly", priority: 0.8 },
  { path: "/integrations", changeFrequency: "monthly", priority: 0.6 },
  { path: "/docs", changeFrequency: "monthly", priority: 0.7 },
  { path: "/api", changeFrequency: "monthly", priority: 0.6 },
  { path: "/tutorials", changeFrequency: "weekly", priority: 0.7 },
  { path: "/blog", changeFrequency: "weekly", priority: 0.7 },
  { path: "/getting-started", changeFrequency: "monthly", priority: 0.8 },
  { path: "/advanced-features", changeFrequency: "monthly", priority: 0.6 },
  { path: "/bot-migration", changeFrequency: "monthly", priority: 0.7 },
  { path: "/about", changeFrequency: "yearly", priority: 0.5 },
  { path: "/contact", changeFrequency: "yearly", priority: 0.5 },
  { path: "/partners", changeFrequency: "yearly", priority: 0.4 },
  { path: "/partner-inquiry", changeFrequency: "yearly", priority: 0.3 },
  { path: "/privacy", changeFrequency: "yearly", priority: 0.2 },
  { path: "/terms", changeFrequency: "yearly", priority: 0.2 },
  { path: "/cookies", changeFrequency: "yearly", priority: 0.2 },
  { path: "/security", changeFrequency: "yearly", priority: 0.3 },
  { path: "/status", changeFrequency: "weekly", priority: 0.3 },
  { path: "/login", changeFrequency: "yearly", priority: 0.4 },
  { path: "/signup", changeFrequency: "yearly", priority: 0.6 },
];
