/** What the top bar's search answers; shared by the route handler and the command palette. */

export const searchGroupIds = ["bots", "archive", "tickets", "pages"] as const;
export type SearchGroupId = (typeof searchGroupIds)[number];

export const searchGroupLabels: Record<SearchGroupId, string> = {
  bots: "Bots",
  archive: "Archive",
  tickets: "Support tickets",
  pages: "Pages & settings",
};

export interface SearchResult {
  /** Unique across all groups, e.g. "bot:ck…" or "page:/dashboard/billing". */
  id: string;
  title: string;
  subtitle?: string;
  href: string;
}

export interface SearchGroup {
  id: SearchGroupId;
  label: string;
  results: SearchResult[];
}

export interface SearchResponse {
  query: string;
  groups: SearchGroup[];
}

/** Longer queries are refused by the route and cut by the service. */
export const maxSearchQueryLength = 100;
/** Results per group: a palette, not a results page. */
export const searchResultsPerGroup = 5;
